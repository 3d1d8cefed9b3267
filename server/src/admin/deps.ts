// What the admin module is built from: the accounts' part (database, clock, sign-ins, the link mails), the
// certificates' part (the revocation an admin asks for goes through the provider's own code path) and billing's
// (invoice files).
import type { TokenClaims } from '../../../contract/api';
import type { AccountDeps } from '../accounts/deps';
import type { BillingDeps } from '../billing/deps';
import type { CertificateDeps } from '../certificates/service';
import type { Database } from '../db';

export interface AdminDeps {
  db: Database;
  now: () => Date;
  signIns: AccountDeps['sessions'];
  accounts: AccountDeps;
  certificates: CertificateDeps;
  billing: BillingDeps;
}

/** The admin who acts: the change log records its account id, the audit log its email. */
export type AdminActor = Pick<TokenClaims, 'sub' | 'email'>;

export function adminDepsOf(parts: Pick<AdminDeps, 'accounts' | 'certificates' | 'billing'>): AdminDeps {
  const { accounts } = parts;
  return { db: accounts.db, now: accounts.now, signIns: accounts.sessions, ...parts };
}
