// Every CSV the portal writes goes through here: cells are quoted as RFC 4180 says, and a cell a spreadsheet
// would read as a formula (starting with =, +, -, @, a tab or a carriage return) is neutralised with a leading
// apostrophe, so that a value someone uploaded never runs in the spreadsheet of whoever downloads the file.

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell as text: neutralised when it could start a formula, quoted when it holds a comma, quote or line end. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let s = value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(s)) s = `'${s}`;
  return NEEDS_QUOTES.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One record: its cells separated by commas and ended by CRLF. */
export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** The Content-Type of the CSV files the portal writes. */
export const CSV_TYPE = 'text/csv; charset=utf-8';
