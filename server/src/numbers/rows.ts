// The rules of one import file (docs/api.md, Telephone numbers): the header, and each row checked on its own.
// Checks that need other rows or the database (duplicates) are set-based, in SQL (importer.ts).
import { IMPORT_MESSAGES, NUMBER_IMPORT, ROW_MESSAGES, type ImportColumn } from '../../../contract/numbers';
import type { CsvRecord } from './csvParser';

/** The columns of NUMBER_IMPORT: the one list the header check reads and the web app's template is built from. */
type Column = ImportColumn;

/** Where each known column sits in the file's rows. */
export interface Header {
  index: Record<Column, number>;
  width: number;
}

/** One data row as staged: the values as written (for the error report) and, when valid, the number. */
export interface StagedRow {
  line: number;
  tn: string | null;
  tnRaw: string | null;
  voipUser: string | null;
  organization: string | null;
  assignedOnRaw: string | null;
  assignedOn: string | null;
  reason: string | null;
}

// C0 controls other than tab, DEL, and U+FFFD (what the decoder puts for bytes that are not UTF-8)
// eslint-disable-next-line no-control-regex
const BINARY = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffd]/;

export class HeaderError extends Error {}

/** Reads the header row; a file without a `tn` column, with an unknown or repeated column, cannot be imported. */
export function parseHeader(record: CsvRecord): Header {
  if (record.fields.some((f) => BINARY.test(f))) throw new HeaderError(IMPORT_MESSAGES.notCsv);
  if (record.fieldCount > NUMBER_IMPORT.columns.length || record.overlong || record.unterminated) {
    throw new HeaderError(IMPORT_MESSAGES.noHeader);
  }
  const names = record.fields.map((f) => f.trim().toLowerCase());
  const index = {} as Record<Column, number>;
  for (const [i, name] of names.entries()) {
    if (!(NUMBER_IMPORT.columns as readonly string[]).includes(name)) {
      throw new HeaderError(
        `${IMPORT_MESSAGES.noHeader}: unknown column "${name.slice(0, 40)}" (columns: ${NUMBER_IMPORT.columns.join(', ')})`,
      );
    }
    if (index[name as Column] !== undefined) {
      throw new HeaderError(`${IMPORT_MESSAGES.noHeader}: the column "${name}" is named twice`);
    }
    index[name as Column] = i;
  }
  if (index.tn === undefined) throw new HeaderError(IMPORT_MESSAGES.noHeader);
  return { index, width: names.length };
}

/** A NANP number in its 10 digits, or why the text is not one. */
export function normalizeTn(raw: string): { tn: string } | { reason: string } {
  let s = raw.replace(/[\s\-.()]/g, '');
  if (!s) return { reason: ROW_MESSAGES.tnMissing };
  if (s.startsWith('+1')) s = s.slice(2);
  if (!/^\d+$/.test(s)) return { reason: ROW_MESSAGES.tnNotDigits };
  if (s.length === 11) {
    if (s[0] !== '1') return { reason: ROW_MESSAGES.tn11Digits };
    s = s.slice(1);
  }
  if (s.length !== 10) return { reason: ROW_MESSAGES.tnLength };
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(s)) return { reason: ROW_MESSAGES.tnNanp };
  return { tn: s };
}

/** YYYY-MM-DD (a date or the date part of an ISO timestamp) that exists in the calendar, or null. */
export function isoDate(raw: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][0-9:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(raw);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (y < 1900 || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

const cell = (record: CsvRecord, i: number | undefined): string | null => {
  if (i === undefined) return null;
  // NUL cannot be stored in a text column: kept visible as U+FFFD in the error report
  const v = record.fields[i]?.trim().replaceAll('\u0000', '\ufffd');
  return v ? v : null;
};

/** One data row: what to stage, with the first reason it fails, if any. */
export function checkRow(header: Header, record: CsvRecord): StagedRow {
  const row: StagedRow = {
    line: record.line,
    tn: null,
    tnRaw: cell(record, header.index.tn),
    voipUser: cell(record, header.index.voip_user),
    organization: cell(record, header.index.organization),
    assignedOnRaw: cell(record, header.index.assigned_on),
    assignedOn: null,
    reason: null,
  };
  const fail = (reason: string) => ({ ...row, reason });
  if (record.unterminated) return fail(ROW_MESSAGES.unterminated);
  if (record.fieldCount !== header.width) return fail(ROW_MESSAGES.columns(header.width, record.fieldCount));
  if (record.overlong) return fail(ROW_MESSAGES.fieldTooLong);
  if (record.fields.some((f) => BINARY.test(f))) return fail(ROW_MESSAGES.binary);
  if (row.voipUser && row.voipUser.length > NUMBER_IMPORT.maxNameLength) {
    return fail(ROW_MESSAGES.nameTooLong('voip_user'));
  }
  if (row.organization && row.organization.length > NUMBER_IMPORT.maxNameLength) {
    return fail(ROW_MESSAGES.nameTooLong('organization'));
  }
  const tn = normalizeTn(row.tnRaw ?? '');
  if ('reason' in tn) return fail(tn.reason);
  if (row.assignedOnRaw) {
    const date = isoDate(row.assignedOnRaw);
    if (!date) return fail(ROW_MESSAGES.date);
    row.assignedOn = date;
  }
  return { ...row, tn: tn.tn };
}
