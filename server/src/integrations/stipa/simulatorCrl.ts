// The STI-PA simulator's SHAKEN CRL (the embedded default): one indirect CRL, signed by the simulator's own
// CRL-signing key, listing what STI-CAs reported revoked (each entry naming its certificate's issuer). This portal
// reports through the STI-PA service's one seam (reportRevocation), as it would to a real STI-PA.
import {
  type CrlBook,
  type CrlPublisher,
  createCrlPublisher,
  insertCrl,
  newestCrl,
  nextCrlNumber,
} from '../../authority';
import type { Database } from '../../db';
import type { ReportedRevocation } from './service';
import type { SimulatorKeys } from './simulatorKeys';

/** The simulator CRL's id in its book. */
export const SIM_CRL_ISSUER_ID = 'stipa-sim';
/** Where the simulator serves its CRL, under its API prefix: the `crl` of every SPC-token answer. */
export const SIM_CRL_PATH = '/crl/shaken.crl';

interface ReportedRow {
  certificate_issuer: Uint8Array;
  serial_number: string;
  revoked_on: Date;
  revocation_reason: string | null;
}

const simulatorBook: CrlBook = {
  newest: (db, issuerId) => newestCrl(db, issuerId, 'stipa_sim_crls'),
  nextNumber: (tx, issuerId) => nextCrlNumber(tx, issuerId, 'stipa_sim_crls'),
  insert: (tx, row) => insertCrl(tx, row, 'stipa_sim_crls'),
  async listed(tx, _issuer, at) {
    const rows = await tx.query<ReportedRow>(
      `SELECT certificate_issuer, serial_number, revoked_on, revocation_reason FROM stipa_sim_revocations
        WHERE not_after > $1 ORDER BY certificate_issuer, revoked_on, serial_number`,
      [at],
    );
    return rows.map((r) => ({
      serial: r.serial_number,
      revokedAt: new Date(r.revoked_on),
      reason: r.revocation_reason,
      certificateIssuer: new Uint8Array(r.certificate_issuer),
    }));
  },
};

export interface SimulatorCrl {
  publisher: CrlPublisher;
  /** What the simulated STI-PA does with a reported revocation: record it (once) and re-sign its CRL. */
  report(revocation: ReportedRevocation): Promise<void>;
}

export function createSimulatorCrl(deps: {
  db: Database;
  now: () => Date;
  log: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  keys: SimulatorKeys;
}): SimulatorCrl {
  const { db } = deps;
  const issuer = { id: SIM_CRL_ISSUER_ID, ...deps.keys.crlSigner, indirect: true };
  const publisher = createCrlPublisher({ ...deps, issuers: [issuer], book: simulatorBook });
  return {
    publisher,
    async report(r) {
      await db.query(
        `INSERT INTO stipa_sim_revocations
           (certificate_issuer, serial_number, revoked_on, revocation_reason, not_after)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (certificate_issuer, serial_number) DO NOTHING`,
        [Buffer.from(r.certificateIssuer), r.serial.toLowerCase(), r.revokedAt, r.reason, r.notAfter],
      );
      await publisher.issue(SIM_CRL_ISSUER_ID);
    },
  };
}
