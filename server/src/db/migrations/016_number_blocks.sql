-- "Number contains" by the provider's 1,000-blocks instead of a GIN index of every number's substrings. A number's
-- block is its first 7 digits; a number holds a search of 4 digits or more only where the search lies within its
-- block, or begins in the block's last digits and ends in the number's last 3. So the blocks that could hold a
-- match (read from this table: a provider with a million numbers in 1,000-blocks has about a thousand) give the
-- ranges of the primary key whose every number matches (server/src/numbers/store.ts, containsMatches). The GIN
-- cost 3.5 of 13 s per million imported rows on PostgreSQL; a block is written once per 1,000 numbers.
-- Blocks are never removed with their numbers (a failed import's, say): a block without numbers matches nothing.
CREATE TABLE number_blocks (
  service_provider_id uuid NOT NULL REFERENCES service_providers (id) ON DELETE CASCADE,
  block               text COLLATE "C" NOT NULL,
  PRIMARY KEY (service_provider_id, block)
);
-- The blocks that end with given digits: a search that begins in a block's last digits.
CREATE INDEX number_blocks_reversed_idx ON number_blocks (service_provider_id, reverse(block));

INSERT INTO number_blocks (service_provider_id, block)
SELECT DISTINCT n.service_provider_id, left(n.tn, 7)
  FROM numbers n JOIN service_providers sp ON sp.id = n.service_provider_id;

DROP INDEX numbers_tn_grams_idx;
DROP FUNCTION number_query_grams(text);
DROP FUNCTION number_grams(text);
