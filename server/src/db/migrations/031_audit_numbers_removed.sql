-- The audit log records numbers a provider removes from its inventory: the delegate certificates that cover them
-- must then be issued again (docs/delegates.md, "Numbers stay true").
ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check CHECK (action IN ('key.created', 'key.imported',
  'key.downloaded', 'key.deleted', 'certificate.issued', 'certificate.renewed', 'certificate.revoked',
  'certificate.revocation_scheduled', 'acme_credential.created', 'acme_credential.revoked', 'numbers.removed'));
