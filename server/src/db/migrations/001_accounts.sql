-- Accounts of every role, service providers, resellers, signed agreements, single-use tokens,
-- and the subscription state the sign-in outcomes depend on.

CREATE TABLE accounts (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  type          text NOT NULL CHECK (type IN ('admin', 'reseller', 'service-provider')),
  email         text NOT NULL CHECK (email = lower(email) AND char_length(email) BETWEEN 3 AND 254),
  password_hash text CHECK (password_hash IS NULL OR password_hash LIKE '$argon2id$%'),
  first_name    text NOT NULL CHECK (char_length(first_name) <= 100),
  last_name     text NOT NULL CHECK (char_length(last_name) <= 100),
  is_confirmed  boolean NOT NULL DEFAULT false,
  confirmed_on  timestamptz,
  is_disabled   boolean NOT NULL DEFAULT false,
  created_on    timestamptz NOT NULL DEFAULT now(),
  updated_on    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX accounts_email_key ON accounts (lower(email));

CREATE TABLE resellers (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id   uuid NOT NULL UNIQUE REFERENCES accounts (id) ON DELETE CASCADE,
  company_name text NOT NULL CHECK (char_length(company_name) BETWEEN 1 AND 100),
  url_token    text NOT NULL UNIQUE CHECK (url_token ~ '^[A-Za-z0-9_-]{6,64}$'),
  is_active    boolean NOT NULL DEFAULT true,
  created_on   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE service_providers (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id   uuid NOT NULL UNIQUE REFERENCES accounts (id) ON DELETE CASCADE,
  ocn          text NOT NULL CHECK (ocn ~ '^[0-9]{3}[A-Z0-9]$'),
  company_name text NOT NULL CHECK (char_length(company_name) BETWEEN 1 AND 100),
  phone_number text NOT NULL CHECK (char_length(phone_number) <= 15),
  title        text NOT NULL CHECK (char_length(title) <= 100),
  address      text NOT NULL CHECK (char_length(address) <= 200),
  address2     text CHECK (char_length(address2) <= 200),
  country      text NOT NULL DEFAULT 'US' CHECK (country IN ('US')),
  state        text NOT NULL CHECK (state ~ '^[A-Z]{2}$'),
  city         text NOT NULL CHECK (char_length(city) <= 100),
  zipcode      text NOT NULL CHECK (char_length(zipcode) BETWEEN 1 AND 6),
  filer_id     text CHECK (char_length(filer_id) <= 20),
  frn_number   text CHECK (char_length(frn_number) <= 20),
  reseller_id  uuid REFERENCES resellers (id) ON DELETE SET NULL,
  created_on   timestamptz NOT NULL DEFAULT now(),
  updated_on   timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX service_providers_ocn_key ON service_providers (upper(ocn));
CREATE INDEX service_providers_reseller_idx ON service_providers (reseller_id);

-- The subscriber agreement as signed: which version, the drawn signature, when and from where.
CREATE TABLE subscriber_agreements (
  id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  service_provider_id uuid NOT NULL REFERENCES service_providers (id) ON DELETE CASCADE,
  agreement_version   text NOT NULL,
  printed_name        text NOT NULL CHECK (char_length(printed_name) BETWEEN 1 AND 100),
  phone_number        text NOT NULL CHECK (char_length(phone_number) <= 15),
  title               text NOT NULL CHECK (char_length(title) <= 100),
  company_name        text NOT NULL CHECK (char_length(company_name) <= 100),
  signature_png       bytea NOT NULL CHECK (octet_length(signature_png) BETWEEN 8 AND 1048576),
  signature_sha256    text NOT NULL CHECK (signature_sha256 ~ '^[0-9a-f]{64}$'),
  accepted_on         timestamptz NOT NULL DEFAULT now(),
  accepted_ip         text NOT NULL CHECK (char_length(accepted_ip) <= 64)
);
CREATE INDEX subscriber_agreements_sp_idx ON subscriber_agreements (service_provider_id, accepted_on DESC);

-- Single-use links (email confirmation, password reset, invitations). Only a hash of the token is kept.
CREATE TABLE auth_tokens (
  token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  purpose    text NOT NULL CHECK (purpose IN ('email_confirmation', 'password_reset', 'invitation')),
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  expires_on timestamptz NOT NULL,
  used_on    timestamptz,
  created_on timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX auth_tokens_account_idx ON auth_tokens (account_id, purpose);

-- A provider's subscription periods. The billing module adds payments and invoices around it.
CREATE TABLE subscriptions (
  id                       uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  service_provider_id      uuid NOT NULL REFERENCES service_providers (id) ON DELETE CASCADE,
  status                   text NOT NULL CHECK (status IN ('incomplete', 'active', 'past_due', 'canceled', 'expired')),
  recurring_interval       text NOT NULL CHECK (recurring_interval IN ('month', 'year')),
  recurring_interval_count integer NOT NULL DEFAULT 1 CHECK (recurring_interval_count = 1),
  current_period_start     timestamptz,
  current_period_end       timestamptz,
  auto_charge              boolean NOT NULL DEFAULT false,
  created_on               timestamptz NOT NULL DEFAULT now(),
  updated_on               timestamptz NOT NULL DEFAULT now(),
  CHECK (current_period_end IS NULL OR current_period_end > current_period_start)
);
CREATE INDEX subscriptions_sp_idx ON subscriptions (service_provider_id, created_on DESC);

-- What the sign-in and the profile read: one row per provider with its subscription state derived.
CREATE VIEW service_provider_state AS
SELECT
  sp.id AS service_provider_id,
  min(s.current_period_start) FILTER (WHERE s.status <> 'incomplete') AS subscription_started_on,
  max(s.current_period_end) FILTER (WHERE s.status <> 'incomplete') AS subscription_expired_on,
  coalesce(bool_or(s.status = 'active' AND s.current_period_end > now()), false) AS is_active,
  coalesce(bool_or(s.status = 'past_due'), false) AS is_past_due,
  count(s.id) FILTER (WHERE s.status <> 'incomplete') AS subscriptions_count,
  coalesce((array_agg(s.auto_charge ORDER BY s.created_on DESC))[1], false) AS auto_charge
FROM service_providers sp
LEFT JOIN subscriptions s ON s.service_provider_id = sp.id
GROUP BY sp.id;
