// Payment pages open in the same window (docs/screens.md, Plan and payment): one place, so tests can watch
// it.
export function goToPaymentPage(url: string): void {
  window.location.assign(url);
}
