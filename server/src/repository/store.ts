// SQL of the certificate repository: the CR lookup (one indexed read on certificates.serial_number).
import type { Queryable } from '../db';

export interface CrRow {
  chain_pem: string;
  not_after: Date;
  status: 'issued' | 'revoked';
}

/** The published chain of one certificate; pending and failed certificates are never served. */
export async function findPublishedChain(db: Queryable, serial: string): Promise<CrRow | null> {
  const rows = await db.query<CrRow>(
    `SELECT chain_pem, not_after, status FROM certificates
      WHERE serial_number = $1 AND status IN ('issued', 'revoked')`,
    [serial],
    // every CR fetch the in-process cache misses runs it: parsed and planned once per connection
    { prepare: true },
  );
  return rows[0] ?? null;
}
