// How the dashboard writes its figures: dollars with cents, counts with thousands separators, months by name.

import { countText, moneyText } from '../../../contract/format';

const monthNames = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

export { countText, moneyText };

const shortDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});
const shortCounts = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** On a chart's axis and over its bars, where room is short: '$12.3K', '1.2K'. */
export const shortMoneyText = (n: number) => shortDollars.format(n);
export const shortCountText = (n: number) => shortCounts.format(n);

/** '2026-06' -> 'Jun 2026' (the month as the server counts it, in UTC). */
export function monthText(month: string): string {
  const [year, m] = month.split('-').map(Number);
  if (!year || !m) return month;
  return monthNames.format(new Date(Date.UTC(year, m - 1, 1)));
}
