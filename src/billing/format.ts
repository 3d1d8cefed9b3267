// Money and CSV of the billing lists: amounts as every screen writes them (docs/formats.md), comma-separated CSV.
import { moneyText } from '../../contract/format';

/** How the payment and invoice tables show an amount: '$1,000.00'. */
export const amountText = (amount: unknown): string => moneyText(amount);

/** The invoice total in dollars: '$500.00'. */
export const dollarsText = amountText;

function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows of named columns -> CSV text, comma separator, a header line first. */
export function toCsv(columns: readonly string[], rows: readonly Record<string, unknown>[]): string {
  return [
    columns.map(csvCell).join(','),
    ...rows.map((row) => columns.map((c) => csvCell(row[c])).join(',')),
  ].join('\n');
}
