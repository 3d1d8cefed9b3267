-- The built-in STI-PA simulator's sign-ins (its access tokens), in the database so that every server of one
-- deployment accepts a token another one gave and a logout through any server ends it everywhere
-- (server/src/integrations/stipa/simulatorSignIns.ts). A token is kept as its SHA-256 only, until it expires
-- (removed at the next sign-in past that). Unlogged: a sign-in lives minutes, and one lost in a crash is a
-- sign-in again for the client.
CREATE UNLOGGED TABLE stipa_sim_sign_ins (
  token_sha256 bytea PRIMARY KEY CHECK (octet_length(token_sha256) = 32),
  user_id      text NOT NULL,
  expires_at   timestamptz NOT NULL
);
CREATE INDEX stipa_sim_sign_ins_expiry ON stipa_sim_sign_ins (expires_at);
