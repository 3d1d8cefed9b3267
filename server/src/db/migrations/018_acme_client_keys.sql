-- A certificate issued by ACME certifies the client's own key, which the portal never holds: it is recorded as a
-- key row of store 'client' (its public key only, key_ref naming the order), so that every certificate keeps
-- naming its key row. Such rows are not the provider's keys: they are not listed, downloaded or deleted.
ALTER TABLE private_keys DROP CONSTRAINT private_keys_key_store_check;
ALTER TABLE private_keys ADD CONSTRAINT private_keys_key_store_check CHECK (key_store IN ('software', 'pkcs11', 'client'));
ALTER TABLE private_keys DROP CONSTRAINT private_keys_origin_check;
ALTER TABLE private_keys ADD CONSTRAINT private_keys_origin_check CHECK (origin IN ('generated', 'imported', 'acme'));
ALTER TABLE private_keys ADD CONSTRAINT private_keys_client_acme_check CHECK ((key_store = 'client') = (origin = 'acme'));
