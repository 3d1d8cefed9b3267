// ACME on the wire (docs/wire.md): the provider's credentials as the portal shows them, and the documents of the ACME
// server (RFC 8555) that its routes answer with. Each is the schema its route answers with; the portal's types are
// re-exported by contract/acme.ts.
import { ACME_CREDENTIAL_STATUSES } from '../acme';
import { NullableString, Timestamp, Type, type Static } from './kit';

/** A credential in the list: never its HMAC key, which is shown once, when it is created. */
export const AcmeCredentialRow = Type.Object({
  id: Type.String(),
  key_id: Type.String(),
  /** unused: can bind one account; bound: an account was created with it; revoked: neither any more. */
  status: Type.Unsafe<(typeof ACME_CREDENTIAL_STATUSES)[number]>({
    type: 'string',
    enum: [...ACME_CREDENTIAL_STATUSES],
  }),
  created_on: Timestamp(),
  revoked_on: NullableString({ format: 'date-time' }),
  account_id: NullableString(),
  /** The bound account's status (valid, deactivated), when there is one. */
  account_status: NullableString(),
  bound_on: NullableString({ format: 'date-time' }),
  /** A credential handed to a delegate customer: its name; null for the provider's own. */
  customer_name: NullableString(),
  /** The numbers a customer's credential may order (null for the provider's own). */
  number_count: Type.Union([Type.Integer(), Type.Null()]),
});
export type AcmeCredentialRow = Static<typeof AcmeCredentialRow>;

/** The answer to creating a credential: both base64url; the HMAC key is not shown again. */
export const AcmeCredentialCreated = Type.Object({
  key_id: Type.String(),
  hmac_key: Type.String(),
  /** For a customer's credential: whose, and how many numbers it may order. */
  customer_name: Type.Optional(Type.String()),
  number_count: Type.Optional(Type.Integer()),
});
export type AcmeCredentialCreated = Static<typeof AcmeCredentialCreated>;

/** A credential's key id in the path: base64url text (any other names no credential). */
export const EabKeyParams = Type.Object({
  key_id: Type.String({ pattern: '^[A-Za-z0-9_-]+$', description: 'the key id, base64url' }),
});
export type EabKeyParams = Static<typeof EabKeyParams>;

/** A problem document (RFC 7807, RFC 8555 §6.7). */
export const AcmeProblemDocument = Type.Object({
  type: Type.String(),
  detail: Type.String(),
  status: Type.Integer(),
  algorithms: Type.Optional(Type.Array(Type.String())),
});

/** A problem kept with an order or a challenge: the fields of one, as it was recorded. */
const StoredProblem = Type.Partial(AcmeProblemDocument);

/** The token authority's answer to a delegate customer (docs/acme.md): the token, as the STI-PA answers one. */
export const AcmeAuthorityToken = Type.Object({
  status: Type.Literal('success'),
  message: Type.String(),
  token: Type.String(),
});

/** The directory (§7.1.1). */
export const AcmeDirectory = Type.Object({
  newNonce: Type.String(),
  newAccount: Type.String(),
  newOrder: Type.String(),
  revokeCert: Type.String(),
  keyChange: Type.String(),
  renewalInfo: Type.String(),
  meta: Type.Object({ externalAccountRequired: Type.Boolean(), website: Type.String() }),
});

/** An account (§7.1.2). */
export const AcmeAccount = Type.Object({
  status: Type.String(),
  contact: Type.Array(Type.String()),
  orders: Type.String(),
  createdAt: Timestamp(),
});

const AcmeIdentifier = Type.Object({ type: Type.String(), value: Type.String() });

/** An order (§7.1.3); the certificate's URLs once it is valid, its error once it failed. */
export const AcmeOrder = Type.Object({
  status: Type.String(),
  expires: Timestamp(),
  identifiers: Type.Array(AcmeIdentifier),
  authorizations: Type.Array(Type.String()),
  finalize: Type.String(),
  certificate: Type.Optional(Type.String()),
  x5u: Type.Optional(Type.String()),
  error: Type.Optional(StoredProblem),
  replaces: Type.Optional(Type.String()),
  notBefore: Type.Optional(Timestamp()),
  notAfter: Type.Optional(Timestamp()),
});

/** An account's orders (§7.1.2.1). */
export const AcmeOrderList = Type.Object({ orders: Type.Array(Type.String()) });

/** The tkauth-01 challenge (RFC 9447). */
export const AcmeChallenge = Type.Object({
  type: Type.String(),
  url: Type.String(),
  status: Type.String(),
  token: Type.String(),
  'tkauth-type': Type.String(),
  /** Where a delegate customer asks for its token (RFC 9447 §3); absent for an SPC order (the STI-PA's). */
  'token-authority': Type.Optional(Type.String()),
  validated: Type.Optional(Timestamp()),
  error: Type.Optional(StoredProblem),
});

/** An authorization (§7.1.4). */
export const AcmeAuthorization = Type.Object({
  identifier: AcmeIdentifier,
  status: Type.String(),
  expires: Timestamp(),
  challenges: Type.Array(AcmeChallenge),
});

/** ARI's renewalInfo (RFC 9773 §4.2). */
export const AcmeRenewalInfo = Type.Object({
  suggestedWindow: Type.Object({ start: Timestamp(), end: Timestamp() }),
});

/**
 * The ids in ACME URLs: any text here. The routes check them after the request's signature, as the protocol
 * answers them (a problem document), with the URL the request signed.
 */
export const AcmeIdParams = Type.Object({ id: Type.String() });
export const AcmeSerialParams = Type.Object({ serial: Type.String() });
/** ARI's certID (base64url of the AKI, a dot, base64url of the serial): checked by the route, 400 when malformed. */
export const AcmeCertIdParams = Type.Object({ certId: Type.String() });
