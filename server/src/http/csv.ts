// Every CSV the portal writes goes through here: cells are quoted as RFC 4180 says, and a cell a spreadsheet
// would read as a formula (starting with =, +, -, @, a tab or a carriage return) is neutralised with a leading
// apostrophe, so that a value someone uploaded never runs in the spreadsheet of whoever downloads the file.
import { Readable } from 'node:stream';

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

/** Rows per page of a paged CSV: one short query each, so that other requests run between two pages. */
export const CSV_PAGE_ROWS = 1_000;

export interface CsvPages<R> {
  /** The first record. */
  header: readonly string[];
  /**
   * Up to `limit` rows following `last` (the last row of the page before; null for the first page), in the order
   * of a key unique among them (keyset paging: each page one short query, whatever its depth in the file).
   */
  page(last: R | null, limit: number): Promise<R[]>;
  /** A row's cells. */
  cells(row: R): readonly unknown[];
  /** Rows of the first page; CSV_PAGE_ROWS by default. */
  pageRows?: number;
  /**
   * How long a page (its query and its lines) should take: the next page's rows follow the last page's time, from
   * CSV_MIN_PAGE_ROWS to CSV_MAX_PAGE_ROWS. Without it, every page has pageRows rows.
   */
  targetMs?: number;
}

export const CSV_MIN_PAGE_ROWS = 100;
export const CSV_MAX_PAGE_ROWS = 10_000;

/**
 * A CSV file of any length as a stream read page by page, as its reader takes it. The next page is asked only when
 * the stream's buffer has room (the client read what came before: backpressure) and after a turn of the event loop,
 * so that the requests waiting meanwhile are answered between two pages: on PGlite (the database runs in this
 * thread) a download of a million rows would otherwise hold every other request until its last byte. A stream
 * destroyed (the client went away) asks for no more pages.
 */
export function pagedCsv<R>(src: CsvPages<R>): Readable {
  let limit = src.pageRows ?? CSV_PAGE_ROWS;
  let last: R | null = null;
  let started = false;
  const next = async () => {
    if (stream.destroyed) return;
    const began = performance.now();
    const rows = await src.page(last, limit);
    if (stream.destroyed) return;
    if (rows.length) {
      last = rows[rows.length - 1];
      stream.push(rows.map((r) => csvLine(src.cells(r))).join(''));
    }
    if (rows.length < limit) {
      stream.push(null);
    } else if (src.targetMs) {
      const ms = Math.max(1, performance.now() - began);
      limit = Math.round(
        Math.min(CSV_MAX_PAGE_ROWS, Math.max(CSV_MIN_PAGE_ROWS, (limit * src.targetMs) / ms)),
      );
    }
  };
  const stream = new Readable({
    read() {
      if (!started) {
        started = true;
        this.push(csvLine(src.header));
        return;
      }
      setImmediate(() => next().catch((e: Error) => stream.destroy(e)));
    },
  });
  return stream;
}
