-- Server-side sessions: every session token names one row here (its `sid` claim), and the guard accepts the
-- token only while that row is live and its account may still sign in. Logout, password changes and resets
-- revoke rows; the triggers below revoke them when an account is disabled, changes role, or its reseller is
-- deactivated, whatever statement does it.

CREATE TABLE sessions (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id     uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  created_on     timestamptz NOT NULL DEFAULT now(),
  expires_on     timestamptz NOT NULL,
  last_seen_on   timestamptz NOT NULL DEFAULT now(),
  revoked_on     timestamptz,
  revoked_reason text CHECK (revoked_reason IN ('logout', 'logout_all', 'password_changed', 'password_reset',
                   'password_set', 'deactivated', 'role_changed')),
  user_agent     text CHECK (char_length(user_agent) <= 512),
  ip             text CHECK (char_length(ip) <= 64),
  CHECK ((revoked_on IS NULL) = (revoked_reason IS NULL))
);
-- the guard reads a session by its id (primary key); revoking all of an account's reads this one
CREATE INDEX sessions_account_idx ON sessions (account_id) WHERE revoked_on IS NULL;
-- the housekeeping deletes by expiry
CREATE INDEX sessions_expires_idx ON sessions (expires_on);

CREATE FUNCTION sessions_revoke_on_account_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.is_disabled AND NOT OLD.is_disabled THEN
    UPDATE sessions SET revoked_on = now(), revoked_reason = 'deactivated'
     WHERE account_id = NEW.id AND revoked_on IS NULL;
  ELSIF NEW.type <> OLD.type THEN
    UPDATE sessions SET revoked_on = now(), revoked_reason = 'role_changed'
     WHERE account_id = NEW.id AND revoked_on IS NULL;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER accounts_revoke_sessions AFTER UPDATE OF is_disabled, type ON accounts
  FOR EACH ROW EXECUTE FUNCTION sessions_revoke_on_account_change();

CREATE FUNCTION sessions_revoke_on_reseller_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.is_active AND NOT NEW.is_active THEN
    UPDATE sessions SET revoked_on = now(), revoked_reason = 'deactivated'
     WHERE account_id = NEW.account_id AND revoked_on IS NULL;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER resellers_revoke_sessions AFTER UPDATE OF is_active ON resellers
  FOR EACH ROW EXECUTE FUNCTION sessions_revoke_on_reseller_change();
