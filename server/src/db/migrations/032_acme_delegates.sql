-- ACME for a provider's delegate customers (docs/acme.md, "Delegate certificates by ACME"): a credential the
-- provider hands to one of its customers is bound to that customer and to numbers of its inventory, as one
-- multirange of 10-digit integers (as delegate_certificates keeps them). The account it binds orders TNAuthLists of
-- those numbers and nothing else, and finalizes to a delegate certificate signed by the provider's STI-SCA.
ALTER TABLE acme_eab_keys ADD COLUMN delegate_customer_id uuid REFERENCES delegate_customers (id) ON DELETE RESTRICT;
ALTER TABLE acme_eab_keys ADD COLUMN numbers int8multirange CHECK (NOT isempty(numbers));
ALTER TABLE acme_eab_keys ADD COLUMN number_count bigint CHECK (number_count > 0);
ALTER TABLE acme_eab_keys ADD CONSTRAINT acme_eab_keys_customer_check CHECK (
  (delegate_customer_id IS NULL AND numbers IS NULL AND number_count IS NULL)
  OR (delegate_customer_id IS NOT NULL AND numbers IS NOT NULL AND number_count IS NOT NULL));

-- A delegate order keeps its numbers (the identifier's, within its credential's); spc stays the provider's OCN,
-- the SPC of the STI-SCA that will sign. Its identifier lists numbers and ranges, so it may be longer than an SPC's.
ALTER TABLE acme_orders ADD COLUMN numbers int8multirange CHECK (NOT isempty(numbers));
ALTER TABLE acme_orders DROP CONSTRAINT acme_orders_identifier_value_check;
ALTER TABLE acme_orders ADD CONSTRAINT acme_orders_identifier_value_check CHECK (char_length(identifier_value) <= 8192);
