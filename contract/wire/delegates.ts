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
