// Where the signed-in app comes from (App.tsx loads it with the first signed-in page), and ways to start its
// download early: the sign-in page starts it with each attempt, so that the page after it waits for less; App.tsx
// renders it only once it and what its first page needs are loaded (preloadSignedInPage), in one go.
import { preloadable } from './preloadable';

export const loadSignedInApp = () => import('../SignedInApp');

export const SignedInApp = preloadable(loadSignedInApp);

/** Starts downloading the signed-in app and its layout; a failure here is left to the real load to report. */
export function preloadSignedInApp(): void {
  void SignedInApp.preload().catch(() => undefined);
  void import('../layout/Layout').catch(() => undefined);
}

/**
 * Resolves once the signed-in app, its layout, the view of `pathname` and the session's permissions and profile are
 * there (routing/preloadPage.ts). Never rejects: a failed load is the render's to report.
 */
export function preloadSignedInPage(pathname: string): Promise<void> {
  return Promise.all([
    SignedInApp.preload(),
    loadSignedInApp().then((m) => m.preloadSignedInPage(pathname)),
  ]).then(
    () => undefined,
    () => undefined,
  );
}
