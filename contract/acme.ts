// ACME, as the portal shows it: the provider's External Account Binding credentials (RFC 8555 §7.3.4).

/** A credential in the list, and the answer to creating one: their one shape, contract/wire/acme.ts. */
export type { AcmeCredentialCreated, AcmeCredentialRow } from './wire/acme';

export const ACME_CREDENTIAL_STATUSES = ['unused', 'bound', 'revoked'] as const;

/** The directory ACME clients are given, under the portal's public URL. */
export const ACME_DIRECTORY_PATH = '/acme/directory';
