-- Renewal overlaps: the replaced certificate may stay valid, or be revoked later by a job. The time of that
-- scheduled revocation is kept on the certificate (null once it is revoked, or when none is scheduled).
ALTER TABLE certificates ADD COLUMN revocation_scheduled_on timestamptz;

-- The audit trail records the scheduling of a revocation.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check CHECK (action IN ('key.created', 'key.imported',
  'key.downloaded', 'key.deleted', 'certificate.issued', 'certificate.renewed', 'certificate.revoked',
  'certificate.revocation_scheduled'));
