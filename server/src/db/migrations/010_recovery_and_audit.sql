-- Recovery of issuances a crash interrupted, and an audit trail that cannot be emptied.

-- Why a certificate was not issued ('failed'): the error of the issuer, or what recovery found after a crash.
ALTER TABLE certificates ADD COLUMN failure_cause text CHECK (char_length(failure_cause) <= 300);
-- What a renewal asked for the certificate it replaces, kept with the intent so that recovery can complete it.
ALTER TABLE certificates ADD COLUMN renewal_revoke_old text
  CHECK (renewal_revoke_old IN ('keep', 'now', 'in_24_hours'));
-- Recovery looks for intents left pending.
CREATE INDEX certificates_pending_idx ON certificates (created_on) WHERE status = 'pending';

-- UPDATE and DELETE are refused row by row (004); TRUNCATE would still empty the table at once.
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
