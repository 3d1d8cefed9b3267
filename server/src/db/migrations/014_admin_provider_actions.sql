-- The admin's actions on service providers: why an extension was granted (shown in the change log), and the CA
-- audit log as the admin reads it, newest first across every provider.
ALTER TABLE subscription_changes ADD COLUMN reason text CHECK (char_length(reason) <= 500);
CREATE INDEX audit_log_occurred_idx ON audit_log (occurred_on DESC, id DESC);
