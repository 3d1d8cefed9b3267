-- Number imports write their rows into `numbers` batch by batch, each batch one short transaction, and the rows
-- become visible all at once when the import completes: until then every read of the listing leaves out the rows
-- of the provider's imports that hold hidden rows (number_imports.hidden_rows). A batch also records the lines of
-- the file it covered (number_import_batches), so that an attempt killed midway resumes after what committed.

-- Numbers are digits: compared bytewise, the primary key and every index ending in tn skip the locale's rules.
ALTER TABLE numbers ALTER COLUMN tn TYPE text COLLATE "C";
-- The listing's id is derived from (provider, tn) when read: generating a random one cost a million calls per
-- million rows, and 16 bytes each.
ALTER TABLE numbers DROP COLUMN tn_uuid;
-- The line of its import's file a number came from: what "Duplicate of line N of this file" names across batches.
ALTER TABLE numbers ADD COLUMN import_line integer;

ALTER TABLE number_imports ADD COLUMN hidden_rows boolean NOT NULL DEFAULT false;
-- The batches the attempts of a running import committed, by the lines of the file each covered (batches may
-- commit out of order on PostgreSQL, where two are written at once). Gone when the import ends.
CREATE TABLE number_import_batches (
  import_id  uuid NOT NULL REFERENCES number_imports (id) ON DELETE CASCADE,
  first_line integer NOT NULL,
  last_line  integer NOT NULL CHECK (last_line >= first_line),
  PRIMARY KEY (import_id, first_line)
);
-- The listing asks, for one provider, which imports hold rows it must not show yet: almost always none.
CREATE INDEX number_imports_hidden_idx ON number_imports (service_provider_id) WHERE hidden_rows;

DROP TABLE number_import_staging;

-- "Number contains": a GIN index of each number's 4-digit substrings (7 of them for its 10 digits) instead of
-- pg_trgm's 12 trigrams: fewer entries to maintain per imported row, and selective posting lists (one of 10,000
-- values rather than one of 1,000). number_query_grams gives the values a search of 4 or more digits must all
-- find; fewer digits match too many numbers for an index to help, and the listing scans instead.
-- (Numbers are stored as their 10 digits, so the seven substrings are written out: an expression PostgreSQL inlines.)
CREATE FUNCTION number_grams(tn text) RETURNS int[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN ARRAY[substr(tn, 1, 4)::int, substr(tn, 2, 4)::int, substr(tn, 3, 4)::int, substr(tn, 4, 4)::int,
               substr(tn, 5, 4)::int, substr(tn, 6, 4)::int, substr(tn, 7, 4)::int];
CREATE FUNCTION number_query_grams(q text) RETURNS int[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN ARRAY(SELECT substr(q, i, 4)::int FROM generate_series(1, length(q) - 3) AS i);
DROP INDEX numbers_tn_trgm_idx;
-- A small pending list: its flushes stay short (PGlite serves every request on one connection).
CREATE INDEX numbers_tn_grams_idx ON numbers USING gin (number_grams(tn)) WITH (gin_pending_list_limit = 512);
