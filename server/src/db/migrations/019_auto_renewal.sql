-- Automatic renewal without ACME: a provider opts a certificate in with its STI-PA API credentials, kept sealed
-- under the key-encryption key (never logged, never returned); a daily job renews it in its last 30 days and the
-- opt-in moves to the new certificate.
CREATE TABLE auto_renewals (
  certificate_id      uuid PRIMARY KEY REFERENCES certificates (id) ON DELETE CASCADE,
  service_provider_id uuid NOT NULL REFERENCES service_providers (id) ON DELETE CASCADE,
  -- {"username", "password"} as JSON, AES-256-GCM under the KEK, bound to the provider
  credentials_sealed  bytea NOT NULL,
  enabled_on          timestamptz NOT NULL,
  last_attempt_on     timestamptz,
  last_error          text CHECK (char_length(last_error) <= 300)
);
CREATE INDEX auto_renewals_sp_idx ON auto_renewals (service_provider_id);

-- The expiry notices sent for a certificate that will not be renewed (30, 7 and 1 day before it expires): once each.
CREATE TABLE certificate_expiry_notices (
  certificate_id uuid NOT NULL REFERENCES certificates (id) ON DELETE CASCADE,
  days_before    integer NOT NULL CHECK (days_before IN (30, 7, 1)),
  sent_on        timestamptz NOT NULL,
  PRIMARY KEY (certificate_id, days_before)
);
