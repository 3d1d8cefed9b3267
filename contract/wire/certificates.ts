// The provider's keys and certificates on the wire (docs/wire.md): each the schema its route answers with and the
// type the web reads.
import { NullableString, Timestamp, Type, type Static } from './kit';

/** A private key as GET /api/service_provider/sti_priv_key lists it. */
export const PrivateKeyRow = Type.Object({
  priv_key_uuid: Type.String({ format: 'uuid' }),
  created_on: Timestamp(),
});
export type PrivateKeyRow = Static<typeof PrivateKeyRow>;

/** The key list: `{ total, data }` (the list protocol, or `skip`/`take`), or the bare rows. */
export const PrivateKeyList = Type.Union([
  Type.Object({ total: Type.Number(), data: Type.Array(PrivateKeyRow) }),
  Type.Array(PrivateKeyRow),
]);

/** A certificate as GET /api/service_provider/sti_spc_cert/last/{key} lists it (docs/api.md). */
export const CertificateRow = Type.Object({
  id: Type.String(),
  created_on: Timestamp(),
  sti_cert_start_date: NullableString({ format: 'date-time' }),
  sti_cert_expire_date: NullableString({ format: 'date-time' }),
  /** The CR URL of the certificate chain, or the text 'not created'. */
  cr_path: Type.String(),
  serial_number: Type.String(),
  status: Type.String(),
  /** The serial of the certificate that renewed this one while that one is valid (issued), else null. */
  replaced_by: NullableString(),
  /** Its state is current (certificateState): issued, unexpired, and no valid certificate replaces it. */
  is_current: Type.Boolean(),
  /** When it was revoked, and the reason published with it; null while not revoked. */
  revoked_on: NullableString({ format: 'date-time' }),
  revocation_reason: NullableString(),
  /** When a renewal scheduled this certificate's revocation, until it is revoked; else null. */
  revocation_scheduled_on: NullableString({ format: 'date-time' }),
  /** Opted in to automatic renewal (renewed in its last 30 days with the STI-PA credentials kept for it). */
  auto_renew: Type.Boolean(),
});
export type CertificateRow = Static<typeof CertificateRow>;

/** The answer of generate and renew: `error_cause` says why it failed. */
export const GenerateCertificateResult = Type.Object({
  success: Type.Boolean(),
  certificate: Type.Optional(CertificateRow),
  error_cause: Type.Optional(Type.String()),
});
export type GenerateCertificateResult = Static<typeof GenerateCertificateResult>;

/** A certificate's serial in a path: hexadecimal, 16 to 40 digits, either case. */
export const SerialParams = Type.Object({
  serial: Type.String({ pattern: '^[0-9a-fA-F]{16,40}$', description: 'a certificate serial, hexadecimal' }),
});
export type SerialParams = Static<typeof SerialParams>;

/** The key download's format: checked by the route with its own message, so any text passes here. */
export const KeyFileQuerystring = Type.Object({
  format: Type.Optional(Type.String({ description: 'pkcs8 (the default) or sec1' })),
});
export type KeyFileQuerystring = Static<typeof KeyFileQuerystring>;
