-- The providers' STI-SCAs, hosted by the portal (docs/delegates.md). A second intermediate of the root, with
-- pathLen 1, issues them: its own role in ca_issuers. An STI-SCA is a row of certificates (kind 'sti_sca') so
-- that its CR, revocation, CRL, audit and publishing are those of any certificate; its key is no provider key
-- (never downloadable) but one of sti_sca_keys, held by the CA's key store as the CA's own keys are.
ALTER TABLE ca_issuers DROP CONSTRAINT ca_issuers_role_check;
ALTER TABLE ca_issuers ADD CONSTRAINT ca_issuers_role_check
  CHECK (role IN ('root', 'intermediate', 'crl', 'delegate-intermediate'));

CREATE TABLE sti_sca_keys (
  id                  uuid PRIMARY KEY,
  service_provider_id uuid NOT NULL REFERENCES service_providers (id) ON DELETE RESTRICT,
  key_ref             text NOT NULL,
  key_store           text NOT NULL CHECK (key_store IN ('software', 'pkcs11')),
  public_key_spki     bytea NOT NULL,
  created_on          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sti_sca_keys_sp_idx ON sti_sca_keys (service_provider_id);

ALTER TABLE certificates ADD COLUMN kind text NOT NULL DEFAULT 'shaken' CHECK (kind IN ('shaken', 'sti_sca'));
ALTER TABLE certificates ADD COLUMN sti_sca_key_id uuid REFERENCES sti_sca_keys (id) ON DELETE RESTRICT;
ALTER TABLE certificates ALTER COLUMN private_key_id DROP NOT NULL;
ALTER TABLE certificates ADD CONSTRAINT certificates_key_of_kind_check CHECK (
  (kind = 'shaken' AND private_key_id IS NOT NULL AND sti_sca_key_id IS NULL)
  OR (kind = 'sti_sca' AND private_key_id IS NULL AND sti_sca_key_id IS NOT NULL));
-- The STI-SCA that signed a certificate (the delegate certificates to come): revoking it revokes them.
ALTER TABLE certificates ADD COLUMN issuing_sti_sca_id uuid REFERENCES certificates (id) ON DELETE RESTRICT;
CREATE INDEX certificates_issuing_sti_sca_idx ON certificates (issuing_sti_sca_id) WHERE issuing_sti_sca_id IS NOT NULL;
CREATE INDEX certificates_sti_sca_idx ON certificates (service_provider_id, created_on DESC) WHERE kind = 'sti_sca';
