// The storage side of a revocation's aftermath, which acts for no provider (the jobs): the mail it sends and its
// report to the STI-PA.
import type { Queryable } from '../db';

export interface RevocationNotice {
  serial_number: string;
  revocation_reason: string | null;
  revoked_on: string;
  ocn: string;
  email: string;
  first_name: string;
  last_name: string;
}

/** What the revocation mail says, and to whom: the provider's account holder. */
export async function revocationNotice(
  q: Queryable,
  certificateId: string,
): Promise<RevocationNotice | undefined> {
  const rows = await q.query<RevocationNotice>(
    `SELECT c.serial_number, c.revocation_reason, c.revoked_on, sp.ocn, a.email, a.first_name, a.last_name
       FROM certificates c
       JOIN service_providers sp ON sp.id = c.service_provider_id
       JOIN accounts a ON a.id = sp.account_id
      WHERE c.id = $1 AND c.status = 'revoked'`,
    [certificateId],
  );
  return rows[0];
}

export interface UnreportedRevocation {
  serial_number: string;
  revoked_on: Date;
  revocation_reason: string | null;
  not_after: Date;
  certificate_der: Uint8Array;
}

/** A revoked certificate whose revocation has not reached the STI-PA yet. */
export async function unreportedRevocation(
  q: Queryable,
  certificateId: string,
): Promise<UnreportedRevocation | undefined> {
  const rows = await q.query<UnreportedRevocation>(
    `SELECT serial_number, revoked_on, revocation_reason, not_after, certificate_der FROM certificates
      WHERE id = $1 AND status = 'revoked' AND revocation_reported_on IS NULL`,
    [certificateId],
  );
  return rows[0];
}

export async function markRevocationReported(q: Queryable, certificateId: string, now: Date): Promise<void> {
  await q.query(
    'UPDATE certificates SET revocation_reported_on = $2 WHERE id = $1 AND revocation_reported_on IS NULL',
    [certificateId, now],
  );
}
