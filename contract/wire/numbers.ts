// The provider's numbers wire shapes (docs/wire.md): each the schema its route answers with and the type it reads.
import { IMPORT_STATUSES, type ImportStatus } from '../numbers';
import { NullableString, Timestamp, Type, type Static } from './kit';

/** One import of the history (GET /api/service_provider/tn/import-history, and an admin's per provider). */
export const NumberImport = Type.Object({
  id: Type.String(),
  imported_on: Timestamp(),
  filename: Type.String(),
  status: Type.Unsafe<ImportStatus>({ type: 'string', enum: [...IMPORT_STATUSES] }),
  count: Type.Number(),
  success_count: Type.Number(),
  fail_count: Type.Number(),
  completed_on: NullableString({ format: 'date-time' }),
  /** Why a failed import failed; null otherwise. */
  reason: NullableString(),
  /** The rejected rows the error report lists: the first ones, at most 10,000 (0 once the report expired). */
  report_rows: Type.Number(),
  /** The rejected rows past those the report lists, counted by kind of reason (most first). */
  more_errors: Type.Array(Type.Object({ reason: Type.String(), count: Type.Number() })),
  /** The error report was removed at the end of its retention. */
  report_expired: Type.Boolean(),
});
export type NumberImport = Static<typeof NumberImport>;
