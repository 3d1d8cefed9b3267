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

/** One of the provider's numbers (GET /api/service_provider/tn/assigned). */
export const AssignedNumber = Type.Object({
  id: Type.String(),
  tn_uuid: Type.String(),
  tn: Type.String(),
  created_on: Timestamp(),
  /** The day the number was assigned, YYYY-MM-DD. */
  assigned_on: NullableString(),
  voip_user: Type.Object({ name: NullableString(), company: NullableString() }),
});
export type AssignedNumber = Static<typeof AssignedNumber>;

/** The dropdowns' values, a bounded page of each (GET /api/service_provider/tn/assigned/options). */
export const NumberOptions = Type.Object({
  voip_users: Type.Array(Type.String()),
  organizations: Type.Array(Type.String()),
  /** True when more values than those returned match (narrow with `q`). */
  more: Type.Object({ voip_users: Type.Boolean(), organizations: Type.Boolean() }),
});
export type NumberOptions = Static<typeof NumberOptions>;

/** An import accepted for processing (202): its id, to follow in the history. */
export const ImportAccepted = Type.Object({ id: Type.String({ format: 'uuid' }) });
export type ImportAccepted = Static<typeof ImportAccepted>;

/**
 * The options' query: checked by the route with its own messages (q at most 100 characters, limit a whole number
 * in range), so any text passes here.
 */
export const NumberOptionsQuerystring = Type.Object({
  q: Type.Optional(Type.String({ description: 'narrows both lists to values containing it' })),
  limit: Type.Optional(Type.String({ description: 'values of each list to answer, a whole number' })),
});
export type NumberOptionsQuerystring = Static<typeof NumberOptionsQuerystring>;

/** The export's query: the list's filter (JSON), parsed against the list's filters with their messages. */
export const NumberExportQuerystring = Type.Object({
  filter: Type.Optional(Type.String({ description: 'JSON {field: value}: the filters the list allows' })),
});
export type NumberExportQuerystring = Static<typeof NumberExportQuerystring>;

/**
 * A live delegate certificate of the provider that covers numbers the provider no longer holds: to issue again for
 * the numbers it still has (docs/delegates.md, "Numbers stay true").
 */
export const DelegateUncovered = Type.Object({
  id: Type.String({ format: 'uuid' }),
  serial_number: Type.String(),
  customer_name: Type.String(),
  number_count: Type.Integer(),
  /** How many of its numbers are no longer in the inventory. */
  missing: Type.Integer(),
});
export type DelegateUncovered = Static<typeof DelegateUncovered>;

/** The answer of POST /api/service_provider/tn/remove. */
export const NumbersRemoved = Type.Object({
  removed: Type.Integer(),
  /** The live delegate certificates that covered a removed number. */
  delegates: Type.Array(DelegateUncovered),
});
export type NumbersRemoved = Static<typeof NumbersRemoved>;
