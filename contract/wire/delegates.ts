// The provider's STI-SCA on the wire (docs/wire.md, docs/delegates.md): what its routes answer. Its key is held
// by the portal and appears in none of them.
import { NullableString, Timestamp, Type, type Static } from './kit';

/** An STI-SCA as GET /api/service_provider/sti_sca lists it. */
export const StiScaRow = Type.Object({
  id: Type.String({ format: 'uuid' }),
  serial_number: Type.String(),
  /** issued or revoked. */
  status: Type.String(),
  /** Issued, not expired, and not renewed by another: the one that signs. */
  is_current: Type.Boolean(),
  spc: Type.String(),
  created_on: Timestamp(),
  not_before: Timestamp(),
  not_after: Timestamp(),
  /** The CR URL of its chain (STI-SCA, then the intermediate that issued it). */
  cr_path: Type.String(),
  revoked_on: NullableString({ format: 'date-time' }),
  revocation_reason: NullableString(),
  /** The serial of the STI-SCA that renewed this one, else null. */
  replaced_by: NullableString(),
});
export type StiScaRow = Static<typeof StiScaRow>;

/** One STI-SCA with its chain. */
export const StiScaDetail = Type.Composite([StiScaRow, Type.Object({ chain_pem: Type.String() })]);
export type StiScaDetail = Static<typeof StiScaDetail>;

/** The answer of the request: the STI-SCA, or `error_cause` saying why none was issued. */
export const RequestStiScaResult = Type.Object({
  success: Type.Boolean(),
  sti_sca: Type.Optional(StiScaRow),
  error_cause: Type.Optional(Type.String()),
});
export type RequestStiScaResult = Static<typeof RequestStiScaResult>;

/** A block of numbers a delegate certificate covers: `count` numbers from `start` (10 NANP digits), 1 or more. */
export const DelegateBlock = Type.Object({ start: Type.String(), count: Type.Integer({ minimum: 1 }) });
export type DelegateBlock = Static<typeof DelegateBlock>;

/** A delegate certificate as GET /api/service_provider/delegates lists it. */
export const DelegateRow = Type.Object({
  id: Type.String({ format: 'uuid' }),
  serial_number: Type.String(),
  /** issued or revoked. */
  status: Type.String(),
  /** Issued, not expired, and not renewed by another. */
  is_current: Type.Boolean(),
  customer_id: Type.String({ format: 'uuid' }),
  customer_name: Type.String(),
  customer_contact: NullableString(),
  /** How many numbers its TNAuthList covers. */
  number_count: Type.Integer(),
  /** Its first blocks, written for a list cell: `2015550100–2015550199, 2015550300` (then `…`). */
  numbers_summary: Type.String(),
  /** The serial of the STI-SCA that signed it. */
  sti_sca_serial: Type.String(),
  created_on: Timestamp(),
  not_before: Timestamp(),
  not_after: Timestamp(),
  /** The CR URL of its chain (delegate, STI-SCA, intermediate). */
  cr_path: Type.String(),
  revoked_on: NullableString({ format: 'date-time' }),
  revocation_reason: NullableString(),
  /** The serial of the delegate certificate that renewed this one, else null. */
  replaced_by: NullableString(),
});
export type DelegateRow = Static<typeof DelegateRow>;

/** One delegate certificate with every block it covers and its chain. */
export const DelegateDetail = Type.Composite([
  DelegateRow,
  Type.Object({ blocks: Type.Array(DelegateBlock), chain_pem: Type.String() }),
]);
export type DelegateDetail = Static<typeof DelegateDetail>;

/** The answer of a creation or a renewal: the certificate, and the key when the portal made it (shown once). */
export const DelegateIssued = Type.Object({
  delegate: DelegateRow,
  private_key_pem: NullableString(),
});
export type DelegateIssued = Static<typeof DelegateIssued>;
