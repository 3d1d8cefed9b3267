-- The SHAKEN revocation model (DOMAIN.md, Revocation): the CA's own CRL is signed by a dedicated CRL-signing
-- certificate (role 'crl'), never by the intermediate; an intermediate re-certified at start keeps its key, so a
-- CA row names the key store's id of its key (key_id, the row's own id when null). Revocations of end-entity
-- certificates are reported to the STI-PA, which lists them in the one SHAKEN CRL.
ALTER TABLE ca_issuers DROP CONSTRAINT ca_issuers_role_check;
ALTER TABLE ca_issuers ADD CONSTRAINT ca_issuers_role_check CHECK (role IN ('root', 'intermediate', 'crl'));
ALTER TABLE ca_issuers ADD COLUMN key_id text CHECK (key_id ~ '^[a-z0-9-]{1,64}$');

-- When the revocation reached the STI-PA; null while it has not (the report job retries until it has).
ALTER TABLE certificates ADD COLUMN revocation_reported_on timestamptz;
CREATE INDEX certificates_unreported_idx ON certificates (revoked_on)
  WHERE revoked_on IS NOT NULL AND revocation_reported_on IS NULL;

-- The STI-PA simulator's own books (the embedded default only): what STI-CAs reported revoked, and the CRLs it
-- signed with its CRL-signing key. A real STI-PA keeps these on its side.
CREATE TABLE stipa_sim_revocations (
  certificate_issuer bytea NOT NULL,
  serial_number      text NOT NULL CHECK (serial_number ~ '^[0-9a-f]{2,40}$'),
  revoked_on         timestamptz NOT NULL,
  revocation_reason  text,
  not_after          timestamptz NOT NULL,
  reported_on        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (certificate_issuer, serial_number)
);

CREATE TABLE stipa_sim_crls (
  issuer_id   text NOT NULL,
  crl_number  bigint NOT NULL CHECK (crl_number > 0),
  this_update timestamptz NOT NULL,
  next_update timestamptz NOT NULL,
  der         bytea NOT NULL,
  PRIMARY KEY (issuer_id, crl_number),
  CHECK (next_update > this_update)
);
