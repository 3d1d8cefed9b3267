-- The certificate authority: its issuers, providers' keys, certificates, CRLs, used SPC token ids, audit log.
CREATE TABLE ca_issuers (
  id              text PRIMARY KEY CHECK (id ~ '^[a-z0-9-]{1,64}$'),
  role            text NOT NULL CHECK (role IN ('root', 'intermediate')),
  certificate_pem text NOT NULL,
  subject_dn      text NOT NULL,
  key_ref         text NOT NULL,
  key_store       text NOT NULL CHECK (key_store IN ('software', 'pkcs11')),
  is_current      boolean NOT NULL DEFAULT true,
  created_on      timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX ca_issuers_current_key ON ca_issuers (role) WHERE is_current;

CREATE TABLE private_keys (
  id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  service_provider_id uuid NOT NULL REFERENCES service_providers (id) ON DELETE CASCADE,
  key_ref             text NOT NULL,
  key_store           text NOT NULL CHECK (key_store IN ('software', 'pkcs11')),
  public_key_spki     bytea NOT NULL,
  origin              text NOT NULL CHECK (origin IN ('generated', 'imported')),
  created_on          timestamptz NOT NULL DEFAULT now(),
  deleted_on          timestamptz
);
CREATE INDEX private_keys_sp_idx ON private_keys (service_provider_id, created_on DESC) WHERE deleted_on IS NULL;

CREATE TABLE certificates (
  id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  serial_number       text NOT NULL UNIQUE CHECK (serial_number ~ '^[0-9a-f]{16,40}$'),
  service_provider_id uuid NOT NULL REFERENCES service_providers (id) ON DELETE RESTRICT,
  private_key_id      uuid NOT NULL REFERENCES private_keys (id) ON DELETE RESTRICT,
  issuer_id           text NOT NULL REFERENCES ca_issuers (id),
  status              text NOT NULL CHECK (status IN ('pending', 'issued', 'failed', 'revoked')),
  spc                 text NOT NULL CHECK (spc ~ '^[0-9]{3}[A-Z0-9]$'),
  not_before          timestamptz NOT NULL,
  not_after           timestamptz NOT NULL,
  certificate_der     bytea,
  chain_pem           text,
  replaces_id         uuid REFERENCES certificates (id),
  revoked_on          timestamptz,
  revocation_reason   text CHECK (revocation_reason IN
                        ('unspecified', 'key_compromise', 'superseded', 'cessation_of_operation', 'affiliation_changed')),
  created_on          timestamptz NOT NULL DEFAULT now(),
  CHECK (not_after > not_before),
  CHECK ((status = 'revoked') = (revoked_on IS NOT NULL)),
  CHECK (status NOT IN ('issued', 'revoked') OR (certificate_der IS NOT NULL AND chain_pem IS NOT NULL))
);
CREATE INDEX certificates_key_idx ON certificates (private_key_id, created_on DESC);
CREATE INDEX certificates_sp_idx ON certificates (service_provider_id, created_on DESC);
CREATE INDEX certificates_revoked_idx ON certificates (issuer_id, revoked_on) WHERE revoked_on IS NOT NULL;

CREATE TABLE crls (
  issuer_id   text NOT NULL REFERENCES ca_issuers (id),
  crl_number  bigint NOT NULL CHECK (crl_number > 0),
  this_update timestamptz NOT NULL,
  next_update timestamptz NOT NULL,
  der         bytea NOT NULL,
  PRIMARY KEY (issuer_id, crl_number),
  CHECK (next_update > this_update)
);

CREATE TABLE spc_token_jtis (
  jti        text PRIMARY KEY CHECK (char_length(jti) BETWEEN 1 AND 200),
  expires_on timestamptz NOT NULL,
  used_on    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE audit_log (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  occurred_on         timestamptz NOT NULL DEFAULT now(),
  action              text NOT NULL CHECK (action IN ('key.created', 'key.imported', 'key.downloaded', 'key.deleted',
                        'certificate.issued', 'certificate.renewed', 'certificate.revoked')),
  actor_account_id    uuid,
  actor_email         text,
  actor_ip            text CHECK (char_length(actor_ip) <= 64),
  service_provider_id uuid,
  subject             text NOT NULL,
  detail              text
);
CREATE INDEX audit_log_sp_idx ON audit_log (service_provider_id, occurred_on DESC);
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END
$$;
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
