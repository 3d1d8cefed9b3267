// Telephone numbers: the import file's rules, the messages of its refusals and row failures, and the wire shapes
// of imports and numbers (docs/api.md "The import file"). Shared by the server and the web app's import form.
import * as yup from 'yup';
import { DELEGATE_LIMITS, DELEGATE_LINE_RE, DELEGATE_MESSAGES, delegateLines } from './delegates';
import { countText } from './format';

export const NUMBER_IMPORT = {
  /** Upload limit of one CSV file (about 5 million rows). */
  maxBytes: 200 * 1024 * 1024,
  /** Columns of the header, case-insensitive; only `tn` is required. */
  columns: ['tn', 'voip_user', 'organization', 'assigned_on'] as const,
  /** Longest value of one cell the import reads (longer: the row fails). */
  maxFieldLength: 255,
  /** voip_user and organization as stored. */
  maxNameLength: 100,
  /** Cells per row the parser keeps; a row with more fails without its cells being held in memory. */
  maxFields: 64,
} as const;

/** A column of the import file's header. */
export type ImportColumn = (typeof NUMBER_IMPORT.columns)[number];

/** One example row of the import file, a value for each column (the template's second line). */
export const NUMBER_IMPORT_EXAMPLE: Readonly<Record<ImportColumn, string>> = {
  tn: '2015550100',
  voip_user: 'Ann Smith',
  organization: 'Acme Telecom',
  assigned_on: '2026-01-15',
};

/** The file name of the template the import dialog offers. */
export const NUMBER_IMPORT_TEMPLATE_NAME = 'numbers-template.csv';

/**
 * The import template: the header naming every column of NUMBER_IMPORT.columns (the server's header rule) and
 * the example row, CRLF-ended. Built in the browser; the values need no quoting.
 */
export function numberImportTemplate(): string {
  const line = (cells: readonly string[]) => `${cells.join(',')}\r\n`;
  return (
    line(NUMBER_IMPORT.columns) + line(NUMBER_IMPORT.columns.map((column) => NUMBER_IMPORT_EXAMPLE[column]))
  );
}

export const IMPORT_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** Refusals of an upload (4xx) and reasons of a failed import. */
export const IMPORT_MESSAGES = {
  notMultipart: 'Send the CSV file as multipart/form-data in the field "file"',
  noFile: 'Send the CSV file in the field "file"',
  empty: 'The file is empty',
  tooLarge: 'The file is larger than 200 MB',
  notCsv: 'The file is not a CSV text file',
  noHeader: 'The first line must be a header naming the columns, with at least "tn"',
  fileGone: 'The uploaded file is no longer available: please import it again',
  interrupted: 'The import was interrupted too many times: please import the file again',
  /** An import stopped early: most of its first rows were rejected (the error report shows why). */
  wrongFile: (failed: number, rows: number) =>
    `Stopped early: ${countText(failed)} of the first ${countText(rows)} rows ` +
    `(${Math.floor((failed / rows) * 100)} %) were rejected. Is this the right file? The error report shows why.`,
  reportExpired: (days: number) =>
    `The error report of this import has expired: reports are kept ${days} days`,
} as const;

/** Why one row of a file was rejected (the error report's reason column). */
export const ROW_MESSAGES = {
  tnMissing: 'The number is missing',
  tnNotDigits: 'The number may contain only digits, spaces, dashes, dots, parentheses and a leading +1',
  tn11Digits: 'An 11-digit number must start with 1',
  tnLength: 'A number must have 10 digits (or 11 starting with 1)',
  tnNanp: 'Not a NANP number: the area code and the exchange must start with 2-9',
  columns: (expected: number, found: number) => `Expected ${expected} columns, found ${found}`,
  fieldTooLong: `A value is longer than ${NUMBER_IMPORT.maxFieldLength} characters`,
  nameTooLong: (field: string) => `${field} is longer than ${NUMBER_IMPORT.maxNameLength} characters`,
  binary: 'The row contains control characters or bytes that are not UTF-8 text',
  date: 'assigned_on must be a date as YYYY-MM-DD',
  unterminated: 'A quoted value is not closed before the end of the file',
  duplicateInFile: (line: number) => `Duplicate of line ${line} of this file`,
  duplicateHeld: 'This number is already imported',
} as const;

/**
 * A row failure's kind: its reason, with what varies from row to row (a line number, a count of columns) left
 * out. The rejected rows past the error report's bound are counted by kind.
 */
export function reasonKind(reason: string): string {
  if (/^Duplicate of line \d+ of this file$/.test(reason)) return 'Duplicate of an earlier line of this file';
  if (/^Expected \d+ columns, found \d+$/.test(reason)) return 'Wrong number of columns';
  return reason;
}

/** Rejected rows of one kind of reason. */
export interface ReasonCount {
  reason: string;
  count: number;
}

/** GET /api/service_provider/tn/import-history: one import. */
export type { NumberImport } from './wire/numbers';

/** A number, the dropdowns' values: their one shape, contract/wire/numbers.ts. */
export type { AssignedNumber, NumberOptions } from './wire/numbers';

/** Headers of the number listing beside Content-Range (see docs/api.md "Telephone numbers"). */
export const LIST_HEADERS = {
  /** "true" or "false": whether a row follows the page (always sent; what partial pagination needs). */
  hasNextPage: 'X-Has-Next-Page',
} as const;

/**
 * Removing numbers from the inventory: lines of numbers and blocks, as a delegate certificate's selection is typed
 * (`delegateLines`, `DELEGATE_LINE_RE`), at most REMOVE_NUMBERS_MAX numbers at a time.
 */
export const REMOVE_NUMBERS_MAX = 1_000_000;

export const REMOVE_NUMBERS_MESSAGES = {
  nonePicked: 'Type the numbers to remove: one number or block per line',
  tooMany: `Remove at most ${countText(REMOVE_NUMBERS_MAX)} numbers at a time`,
} as const;

/** POST /api/service_provider/tn/remove */
export const removeNumbersSchema = yup
  .object({
    numbers: yup
      .string()
      .required(REMOVE_NUMBERS_MESSAGES.nonePicked)
      .test('picked', REMOVE_NUMBERS_MESSAGES.nonePicked, (v) => delegateLines(v ?? '').length > 0)
      .test(
        'lines',
        DELEGATE_MESSAGES.numberLinesMax,
        (v) => delegateLines(v ?? '').length <= DELEGATE_LIMITS.numberLinesMax,
      )
      .test('line', (v, ctx) => {
        const bad = delegateLines(v ?? '').find((l) => !DELEGATE_LINE_RE.test(l));
        return (
          bad === undefined ||
          ctx.createError({ message: DELEGATE_MESSAGES.numberLineInvalid.replace('${value}', bad) })
        );
      }),
  })
  .noUnknown(true, 'Unknown field: ${unknown}');
export type RemoveNumbersInput = yup.InferType<typeof removeNumbersSchema>;
