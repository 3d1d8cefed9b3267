-- ACME (RFC 8555, with RFC 9447/9448's TNAuthList identifiers and tkauth-01), bound to portal providers.
-- Spent nonces live here until they would have expired, so that a nonce is used once on whichever server sees it
-- (every server can tell a nonce any of them gave by its MAC: server/src/acme/nonces.ts).
CREATE TABLE acme_nonces (
  nonce      text PRIMARY KEY CHECK (char_length(nonce) BETWEEN 16 AND 64),
  expires_on timestamptz NOT NULL
);
CREATE INDEX acme_nonces_expires_on_idx ON acme_nonces (expires_on);

-- External Account Binding credentials (RFC 8555 §7.3.4), made by a provider in the portal: the key id and an HMAC
-- key shown once, kept sealed under the key-encryption key as private keys are. One credential binds one account.
CREATE TABLE acme_eab_keys (
  key_id              text PRIMARY KEY CHECK (key_id ~ '^[A-Za-z0-9_-]{16,64}$'),
  service_provider_id uuid NOT NULL REFERENCES service_providers (id) ON DELETE CASCADE,
  hmac_key_sealed     bytea NOT NULL,
  created_on          timestamptz NOT NULL,
  revoked_on          timestamptz,
  -- set when an account was bound with it (foreign key below)
  account_id          uuid,
  bound_on            timestamptz,
  CHECK ((account_id IS NULL) = (bound_on IS NULL))
);
CREATE INDEX acme_eab_keys_sp_idx ON acme_eab_keys (service_provider_id, created_on DESC);

-- An ACME account: its key (a public JWK, ES256 or RS256), that key's RFC 7638 thumbprint (one account per key),
-- and the provider it acts for, through the credential that bound it.
CREATE TABLE acme_accounts (
  id                  uuid PRIMARY KEY,
  service_provider_id uuid NOT NULL REFERENCES service_providers (id) ON DELETE CASCADE,
  eab_key_id          text NOT NULL REFERENCES acme_eab_keys (key_id) ON DELETE CASCADE,
  jwk                 jsonb NOT NULL,
  thumbprint          text NOT NULL UNIQUE,
  status              text NOT NULL CHECK (status IN ('valid', 'deactivated', 'revoked')),
  contact             jsonb NOT NULL DEFAULT '[]',
  created_on          timestamptz NOT NULL,
  updated_on          timestamptz NOT NULL
);
CREATE INDEX acme_accounts_sp_idx ON acme_accounts (service_provider_id, created_on DESC);
ALTER TABLE acme_eab_keys ADD FOREIGN KEY (account_id) REFERENCES acme_accounts (id);

-- Orders of one TNAuthList identifier (the provider's SPC) with one authorization and its one tkauth-01 challenge.
CREATE TABLE acme_orders (
  id                  uuid PRIMARY KEY,
  account_id          uuid NOT NULL REFERENCES acme_accounts (id) ON DELETE CASCADE,
  service_provider_id uuid NOT NULL REFERENCES service_providers (id) ON DELETE CASCADE,
  status              text NOT NULL CHECK (status IN ('pending', 'ready', 'processing', 'valid', 'invalid')),
  -- the identifier as the client sent it, and the SPC its DER names
  identifier_value    text NOT NULL CHECK (char_length(identifier_value) <= 200),
  spc                 text NOT NULL CHECK (spc ~ '^[0-9]{3}[A-Z0-9]$'),
  expires_on          timestamptz NOT NULL,
  error               jsonb,
  certificate_id      uuid REFERENCES certificates (id),
  created_on          timestamptz NOT NULL,
  updated_on          timestamptz NOT NULL
);
CREATE INDEX acme_orders_account_idx ON acme_orders (account_id, created_on DESC);

CREATE TABLE acme_authorizations (
  id               uuid PRIMARY KEY,
  order_id         uuid NOT NULL UNIQUE REFERENCES acme_orders (id) ON DELETE CASCADE,
  status           text NOT NULL CHECK (status IN ('pending', 'valid', 'invalid', 'deactivated', 'expired', 'revoked')),
  expires_on       timestamptz NOT NULL,
  -- the one tkauth-01 challenge
  challenge_id     uuid NOT NULL UNIQUE,
  challenge_token  text NOT NULL,
  challenge_status text NOT NULL CHECK (challenge_status IN ('pending', 'processing', 'valid', 'invalid')),
  validated_on     timestamptz,
  challenge_error  jsonb
);
