-- Rate-limit counters kept in the database, so that every server process counts the same attempts
-- (DESIGN.md, scaling out). One row per limit and client; expired rows are deleted by the daily housekeeping.
CREATE TABLE rate_limits (
  key         text PRIMARY KEY CHECK (char_length(key) BETWEEN 1 AND 400),
  hits        integer NOT NULL CHECK (hits > 0),
  window_ends timestamptz NOT NULL
);
CREATE INDEX rate_limits_window_ends_idx ON rate_limits (window_ends);

-- The housekeeping also deletes SPC token ids long past their expiry.
CREATE INDEX spc_token_jtis_expires_on_idx ON spc_token_jtis (expires_on);
