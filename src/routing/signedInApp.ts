// Where the signed-in app comes from (App.tsx loads it with the first signed-in page), and a way to start its
// download early: the sign-in page starts it with each attempt, so that the page after it waits for less.
export const loadSignedInApp = () => import('../SignedInApp');

/** Starts downloading the signed-in app and its layout; a failure here is left to the real load to report. */
export function preloadSignedInApp(): void {
  void loadSignedInApp().catch(() => undefined);
  void import('../layout/Layout').catch(() => undefined);
}
