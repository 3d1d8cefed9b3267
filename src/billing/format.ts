// Money and CSV of the billing lists (SPEC.md §3, §9: '$ {amount}', comma-separated CSV).

/** How the payment and invoice tables show an amount. */
export const amountText = (amount: unknown): string => `$ ${amount ?? ''}`;

/** The invoice total in dollars: '$500.00'. */
export function dollarsText(amount: unknown): string {
  const n = Number(amount);
  return Number.isFinite(n) ? `$${n.toFixed(2)}` : '';
}

function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows of named columns -> CSV text, comma separator, a header line first. */
export function toCsv(columns: readonly string[], rows: readonly Record<string, unknown>[]): string {
  return [columns.map(csvCell).join(','), ...rows.map((row) => columns.map((c) => csvCell(row[c])).join(','))].join('\n');
}
