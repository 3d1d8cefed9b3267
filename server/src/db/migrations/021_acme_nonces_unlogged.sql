-- Spent ACME nonces are kept an hour at most and need no write-ahead log: as an unlogged table, recording one does
-- not wait for a disk flush at its commit (one flush fewer on every ACME request). After a crash, or on a standby
-- that becomes the primary, PostgreSQL empties unlogged tables; acme_nonce_epoch is emptied with acme_nonces, and a
-- server that finds it empty starts a new epoch and refuses every nonce given before it (server/src/acme/nonces.ts):
-- a nonce whose spending was lost cannot be spent again.
ALTER TABLE acme_nonces SET UNLOGGED;
CREATE UNLOGGED TABLE acme_nonce_epoch (
  id    boolean PRIMARY KEY DEFAULT true CHECK (id),
  since timestamptz NOT NULL
);
-- The epoch is when the spent nonces kept became complete: every nonce still unexpired here was recorded in the
-- (logged) table this one was, so nonces given up to an hour ago may still be spent.
INSERT INTO acme_nonce_epoch (since) VALUES (now() - interval '1 hour');
