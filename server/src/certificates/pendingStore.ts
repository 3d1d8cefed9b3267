// What recovery reads of issuances left pending (recovery.ts); the writes are store.ts's markIssued and markFailed.
import type { Queryable } from '../db';

/** A pending intent as recovery reads it: whether it was signed, and what a renewal asked for the old one. */
export interface PendingCertificate {
  id: string;
  serial_number: string;
  service_provider_id: string;
  private_key_id: string;
  issuer_id: string;
  replaces_id: string | null;
  renewal_revoke_old: 'keep' | 'now' | 'in_24_hours' | null;
  signed: boolean;
  created_on: Date;
}

/** Ids of certificates still pending that were created before `before`, oldest first. */
export async function pendingCreatedBefore(q: Queryable, before: Date, limit: number): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    `SELECT id FROM certificates WHERE status = 'pending' AND created_on < $1 ORDER BY created_on LIMIT $2`,
    [before, limit],
  );
  return rows.map((r) => r.id);
}

/** The pending certificate, locked for its recovery; undefined when it is not pending any more. */
export async function lockPending(q: Queryable, id: string): Promise<PendingCertificate | undefined> {
  const rows = await q.query<PendingCertificate>(
    `SELECT id, serial_number, service_provider_id, private_key_id, issuer_id, replaces_id, renewal_revoke_old,
            (certificate_der IS NOT NULL AND chain_pem IS NOT NULL) AS signed, created_on
       FROM certificates WHERE id = $1 AND status = 'pending' FOR UPDATE`,
    [id],
  );
  return rows[0];
}
