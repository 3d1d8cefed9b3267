-- The audit log records a provider's ACME credentials (External Account Binding) as they are created and revoked:
-- a credential lets an ACME client order certificates for the provider, as much as a key does.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check CHECK (action IN ('key.created', 'key.imported',
  'key.downloaded', 'key.deleted', 'certificate.issued', 'certificate.renewed', 'certificate.revoked',
  'certificate.revocation_scheduled', 'acme_credential.created', 'acme_credential.revoked'));
