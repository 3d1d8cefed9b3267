-- Idempotent POSTs (the Idempotency-Key request header, http/idempotency.ts): the first answer to a key is kept
-- and replayed to the same request sent again. Scoped by the signed-in account (or the address on public
-- routes); request_hash is a keyed hash of method, route, parameters and canonical body, never the body itself.
-- A row is 'running' while its first request runs (until locked_until, then another may take it over), 'done'
-- with the answer once it has one. Rows older than a day are deleted by the daily housekeeping.
CREATE TABLE idempotency_keys (
  scope           text NOT NULL CHECK (char_length(scope) BETWEEN 1 AND 200),
  idempotency_key text NOT NULL CHECK (char_length(idempotency_key) BETWEEN 1 AND 255),
  request_hash    text NOT NULL CHECK (request_hash ~ '^[0-9a-f]{64}$'),
  status          text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done')),
  locked_until    timestamptz,
  response_status integer CHECK (response_status BETWEEN 100 AND 599),
  response_type   text CHECK (char_length(response_type) <= 200),
  response_body   bytea,
  created_on      timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (scope, idempotency_key),
  CHECK ((status = 'done') = (response_status IS NOT NULL))
);
CREATE INDEX idempotency_keys_created_on_idx ON idempotency_keys (created_on);

-- A card the sandbox already keeps for a customer is not saved twice: the same brand, last four digits and expiry
-- is the same card (the sandbox keeps nothing more of the number). Duplicates saved before are folded into the
-- newest, which renewals charge.
DELETE FROM payment_cards a
 USING payment_cards b
 WHERE a.customer = b.customer AND a.brand = b.brand AND a.last4 = b.last4
   AND a.exp_month = b.exp_month AND a.exp_year = b.exp_year
   AND (a.created, a.id) < (b.created, b.id);
CREATE UNIQUE INDEX payment_cards_same_card_idx ON payment_cards (customer, brand, last4, exp_month, exp_year);
