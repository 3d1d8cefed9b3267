-- The number listing filtered by an import: the numbers that import added (numbers.import_id; a later import that
-- brings a number again rejects it as held already), read from this index in number order, the listing's default
-- sort, however many numbers the provider holds. Removing the rows of a failed import, which walks that import's
-- numbers in order, reads it too. Every imported row writes one more index entry.
CREATE INDEX numbers_import_idx ON numbers (service_provider_id, import_id, tn);
