// The append-only audit trail of key, certificate and ACME credential changes, written in the same transaction as
// the change.
import type { AUDIT_ACTIONS } from '../../../contract/admin';
import type { Queryable } from '../db';

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditActor {
  accountId: string | null;
  email: string | null;
}

export interface AuditEntry {
  action: AuditAction;
  actor: AuditActor;
  ip: string | null;
  serviceProviderId: string | null;
  /** What changed: a key id, a certificate serial or an ACME credential's key id. */
  subject: string;
  detail?: string;
}

export async function recordAudit(q: Queryable, e: AuditEntry): Promise<void> {
  await q.query(
    `INSERT INTO audit_log (action, actor_account_id, actor_email, actor_ip, service_provider_id, subject, detail)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      e.action,
      e.actor.accountId,
      e.actor.email,
      e.ip?.slice(0, 64) ?? null,
      e.serviceProviderId,
      e.subject,
      e.detail ?? null,
    ],
  );
}
