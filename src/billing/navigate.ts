// Payment pages open in the same window (SPEC.md §4): one place, so tests can watch it.
export function goToPaymentPage(url: string): void {
  window.location.assign(url);
}
