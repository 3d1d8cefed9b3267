// ACME, as the portal shows it: the provider's External Account Binding credentials (RFC 8555 §7.3.4).

/** A credential in the list: never its HMAC key, which is shown once, when it is created. */
export interface AcmeCredentialRow {
  id: string;
  key_id: string;
  /** unused: can bind one account; bound: an account was created with it; revoked: neither any more. */
  status: 'unused' | 'bound' | 'revoked';
  created_on: string;
  revoked_on: string | null;
  account_id: string | null;
  /** The bound account's status (valid, deactivated), when there is one. */
  account_status: string | null;
  bound_on: string | null;
}

/** The answer to creating a credential: both base64url; the HMAC key is not shown again. */
export interface AcmeCredentialCreated {
  key_id: string;
  hmac_key: string;
}

export const ACME_CREDENTIAL_STATUSES = ['unused', 'bound', 'revoked'] as const;

/** The directory ACME clients are given, under the portal's public URL. */
export const ACME_DIRECTORY_PATH = '/acme/directory';
