-- Delegate certificates (docs/delegates.md): end-entity certificates a provider's hosted STI-SCA signs for one of
-- its customers, listing numbers of the provider's inventory. The customer holds the key (a CSR it uploaded, or a
-- key the portal made and handed over once): a delegate row names no key of ours.
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
-- one made for it), how many numbers its TNAuthList covers, and those numbers as the inventory writes them (10 NANP
-- digits, as integers): one multirange, so that a selection of 10,000 scattered numbers is one row to write, and
-- "does a live delegate of another customer hold any of these" one probe of the GiST index (&&), the numbers
-- shared then worked out by the multirange intersection (*).
CREATE TABLE delegate_certificates (
  certificate_id      uuid PRIMARY KEY REFERENCES certificates (id) ON DELETE RESTRICT,
  service_provider_id uuid NOT NULL REFERENCES service_providers (id) ON DELETE RESTRICT,
  customer_id         uuid NOT NULL REFERENCES delegate_customers (id) ON DELETE RESTRICT,
  public_key_spki     bytea NOT NULL,
  number_count        bigint NOT NULL CHECK (number_count > 0),
  numbers             int8multirange NOT NULL CHECK (NOT isempty(numbers)),
  -- The Idempotency-Key of the request that issued it (its scope and key), written in the issuance's own
  -- transaction: a repeat after a crash between the commit and the stored answer finds it instead of issuing again.
  request_key         text,
  created_on          timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX delegate_certificates_request_idx ON delegate_certificates (service_provider_id, request_key)
  WHERE request_key IS NOT NULL;
CREATE INDEX delegate_certificates_customer_idx ON delegate_certificates (customer_id);
CREATE INDEX delegate_certificates_sp_idx ON delegate_certificates (service_provider_id, created_on DESC);
CREATE INDEX delegate_certificates_numbers_idx ON delegate_certificates USING gist (numbers);
