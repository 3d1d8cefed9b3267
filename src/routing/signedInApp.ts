// Where the signed-in app comes from (App.tsx loads it with the first signed-in page), and ways to start its
// download early: the sign-in page starts it with each attempt, so that the page after it waits for less; App.tsx
// renders it only once it and what its first page needs are loaded (loadSignedInPage), so that it shows that page in
// one go (docs/web.md).
import type { ComponentType } from 'react';

export const loadSignedInApp = () => import('../SignedInApp');

/** Starts downloading the signed-in app and its layout; a failure here is left to the real load to report. */
export function preloadSignedInApp(): void {
  void loadSignedInApp().catch(() => undefined);
  void import('../layout/Layout').catch(() => undefined);
}

/**
 * The signed-in app, once it, its layout, the view of `pathname` and the session's permissions and profile are
 * loaded (routing/preloadPage.ts). Rejects only when the signed-in app itself could not be loaded.
 */
export async function loadSignedInPage(pathname: string): Promise<ComponentType> {
  const module = await loadSignedInApp();
  await module.preloadSignedInPage(pathname);
  return module.SignedInApp;
}
