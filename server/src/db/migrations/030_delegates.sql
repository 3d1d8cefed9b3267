-- Delegate certificates (docs/delegates.md): end-entity certificates a provider's hosted STI-SCA signs for one of
-- its customers, listing numbers of the provider's inventory. The customer holds the key (a CSR it uploaded, or a
-- key the portal made and handed over once): a delegate row names no key of ours. Its numbers are kept as ranges
-- of equal length (a single number is a range of one), so that a selection of a million numbers is a few rows and
-- "is this number delegated to another customer" is an index range scan.
ALTER TABLE certificates DROP CONSTRAINT certificates_kind_check;
ALTER TABLE certificates ADD CONSTRAINT certificates_kind_check CHECK (kind IN ('shaken', 'sti_sca', 'delegate'));
ALTER TABLE certificates DROP CONSTRAINT certificates_key_of_kind_check;
ALTER TABLE certificates ADD CONSTRAINT certificates_key_of_kind_check CHECK (
  (kind = 'shaken' AND private_key_id IS NOT NULL AND sti_sca_key_id IS NULL)
  OR (kind = 'sti_sca' AND private_key_id IS NULL AND sti_sca_key_id IS NOT NULL)
  OR (kind = 'delegate' AND private_key_id IS NULL AND sti_sca_key_id IS NULL AND issuing_sti_sca_id IS NOT NULL));

-- A provider's customer: who a delegate certificate is for. The name is unique per provider, whatever its case.
CREATE TABLE delegate_customers (
  id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  service_provider_id uuid NOT NULL REFERENCES service_providers (id) ON DELETE RESTRICT,
  name                text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  contact             text CHECK (char_length(contact) <= 200),
  created_on          timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX delegate_customers_name_idx ON delegate_customers (service_provider_id, lower(name));

-- What a delegate certificate is beside its certificates row: its customer, its public key (the CSR's, or the
-- one made for it) and how many numbers its TNAuthList covers.
CREATE TABLE delegate_certificates (
  certificate_id      uuid PRIMARY KEY REFERENCES certificates (id) ON DELETE RESTRICT,
  service_provider_id uuid NOT NULL REFERENCES service_providers (id) ON DELETE RESTRICT,
  customer_id         uuid NOT NULL REFERENCES delegate_customers (id) ON DELETE RESTRICT,
  public_key_spki     bytea NOT NULL,
  number_count        bigint NOT NULL CHECK (number_count > 0),
  created_on          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX delegate_certificates_customer_idx ON delegate_certificates (customer_id);
CREATE INDEX delegate_certificates_sp_idx ON delegate_certificates (service_provider_id, created_on DESC);

-- The numbers of a delegate certificate as the provider's inventory writes them (10 NANP digits), in ranges of one
-- length: first_tn..last_tn inclusive, as integers (15 digits fit in a bigint).
CREATE TABLE delegate_ranges (
  certificate_id      uuid NOT NULL REFERENCES certificates (id) ON DELETE RESTRICT,
  service_provider_id uuid NOT NULL,
  tn_length           smallint NOT NULL CHECK (tn_length BETWEEN 1 AND 15),
  first_tn            bigint NOT NULL,
  last_tn             bigint NOT NULL,
  CHECK (first_tn <= last_tn),
  PRIMARY KEY (certificate_id, tn_length, first_tn)
);
CREATE INDEX delegate_ranges_lookup_idx ON delegate_ranges (service_provider_id, tn_length, first_tn, last_tn);
