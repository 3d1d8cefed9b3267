// SQL of accounts, providers, resellers, signed agreements and link tokens. Parameterized statements only.
import type { Database, Queryable } from '../db';
import type { ServiceProviderProfile } from '../../../contract/api';
import type { ProfileUpdate } from '../../../contract/schemas';
import type { LinkPurpose } from './linkTokens';

export type AccountType = 'admin' | 'reseller' | 'service-provider';

export interface LoginAccount {
  id: string;
  type: AccountType;
  email: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  is_confirmed: boolean;
  is_disabled: boolean;
  service_provider_id: string | null;
  sp_company_name: string | null;
  reseller_id: string | null;
  reseller_company_name: string | null;
  reseller_is_active: boolean | null;
}

/** The account behind an email, with its company or reseller. */
export async function findLoginAccount(q: Queryable, email: string): Promise<LoginAccount | undefined> {
  const rows = await q.query<LoginAccount>(
    `SELECT a.id, a.type, a.email, a.password_hash, a.first_name, a.last_name, a.is_confirmed, a.is_disabled,
            sp.id AS service_provider_id, sp.company_name AS sp_company_name,
            r.id AS reseller_id, r.company_name AS reseller_company_name, r.is_active AS reseller_is_active
       FROM accounts a
       LEFT JOIN service_providers sp ON sp.account_id = a.id
       LEFT JOIN resellers r ON r.account_id = a.id
      WHERE lower(a.email) = $1`,
    [email],
  );
  return rows[0];
}

export interface SubscriptionStanding {
  subscriptions_count: number;
  is_active: boolean;
  is_past_due: boolean;
}

/** The subscription state of one provider (asked by id, so the view aggregates that provider only). */
export async function findSubscriptionStanding(
  q: Queryable,
  serviceProviderId: string,
): Promise<SubscriptionStanding> {
  const rows = await q.query<SubscriptionStanding>(
    `SELECT subscriptions_count, is_active, is_past_due FROM service_provider_state WHERE service_provider_id = $1`,
    [serviceProviderId],
  );
  return rows[0] ?? { subscriptions_count: 0, is_active: false, is_past_due: false };
}

export interface AccountSummary {
  id: string;
  type: AccountType;
  email: string;
  first_name: string;
  is_confirmed: boolean;
  is_disabled: boolean;
}

export async function findAccountByEmail(q: Queryable, email: string): Promise<AccountSummary | undefined> {
  const rows = await q.query<AccountSummary>(
    `SELECT id, type, email, first_name, is_confirmed, is_disabled FROM accounts WHERE lower(email) = $1`,
    [email],
  );
  return rows[0];
}

export async function findAccountById(q: Queryable, id: string): Promise<AccountSummary | undefined> {
  const rows = await q.query<AccountSummary>(
    `SELECT id, type, email, first_name, is_confirmed, is_disabled FROM accounts WHERE id = $1`,
    [id],
  );
  return rows[0];
}

/** The stored password hash of an account (null: none set yet). */
export async function findPasswordHash(q: Queryable, accountId: string): Promise<string | null | undefined> {
  const rows = await q.query<{ password_hash: string | null }>(
    `SELECT password_hash FROM accounts WHERE id = $1`,
    [accountId],
  );
  return rows[0]?.password_hash;
}

export async function updatePasswordHash(
  q: Queryable,
  accountId: string,
  hash: string,
  now: Date,
): Promise<void> {
  await q.query(`UPDATE accounts SET password_hash = $2, updated_on = $3 WHERE id = $1`, [
    accountId,
    hash,
    now,
  ]);
}

/** Sets a password from an emailed link; following the link also proves the address, so it confirms the account. */
export async function setPasswordAndConfirm(
  q: Queryable,
  accountId: string,
  hash: string,
  now: Date,
): Promise<void> {
  await q.query(
    `UPDATE accounts
        SET password_hash = $2, is_confirmed = true, confirmed_on = coalesce(confirmed_on, $3), updated_on = $3
      WHERE id = $1`,
    [accountId, hash, now],
  );
}

export async function confirmAccount(q: Queryable, accountId: string, now: Date): Promise<void> {
  await q.query(
    `UPDATE accounts SET is_confirmed = true, confirmed_on = coalesce(confirmed_on, $2), updated_on = $2 WHERE id = $1`,
    [accountId, now],
  );
}

export async function takenIdentifiers(
  q: Queryable,
  email: string | undefined,
  ocn: string | undefined,
): Promise<{ emailTaken: boolean; ocnTaken: boolean }> {
  const [row] = await q.query<{ email_taken: boolean; ocn_taken: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM accounts WHERE lower(email) = $1) AS email_taken,
            EXISTS (SELECT 1 FROM service_providers WHERE upper(ocn) = $2) AS ocn_taken`,
    [email ?? null, ocn ?? null],
  );
  return { emailTaken: row.email_taken, ocnTaken: row.ocn_taken };
}

export interface NewAccount {
  type: AccountType;
  email: string;
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  confirmedOn: Date | null;
}

export async function insertAccount(q: Queryable, a: NewAccount): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO accounts (type, email, password_hash, first_name, last_name, is_confirmed, confirmed_on)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [a.type, a.email, a.passwordHash, a.firstName, a.lastName, a.confirmedOn !== null, a.confirmedOn],
  );
  return row.id;
}

export interface NewServiceProvider {
  accountId: string;
  ocn: string;
  companyName: string;
  phoneNumber: string;
  title: string;
  address: string;
  country: string;
  state: string;
  city: string;
  zipcode: string;
  filerId: string | null;
  frnNumber: string | null;
  resellerId: string | null;
}

export async function insertServiceProvider(q: Queryable, sp: NewServiceProvider): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO service_providers
       (account_id, ocn, company_name, phone_number, title, address, country, state, city, zipcode,
        filer_id, frn_number, reseller_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
    [
      sp.accountId,
      sp.ocn,
      sp.companyName,
      sp.phoneNumber,
      sp.title,
      sp.address,
      sp.country,
      sp.state,
      sp.city,
      sp.zipcode,
      sp.filerId,
      sp.frnNumber,
      sp.resellerId,
    ],
  );
  return row.id;
}

export interface NewAgreement {
  serviceProviderId: string;
  version: string;
  printedName: string;
  phoneNumber: string;
  title: string;
  companyName: string;
  signaturePng: Buffer;
  signatureSha256: string;
  acceptedOn: Date;
  acceptedIp: string;
}

export async function insertAgreement(q: Queryable, a: NewAgreement): Promise<void> {
  await q.query(
    `INSERT INTO subscriber_agreements
       (service_provider_id, agreement_version, printed_name, phone_number, title, company_name,
        signature_png, signature_sha256, accepted_on, accepted_ip)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      a.serviceProviderId,
      a.version,
      a.printedName,
      a.phoneNumber,
      a.title,
      a.companyName,
      a.signaturePng,
      a.signatureSha256,
      a.acceptedOn,
      a.acceptedIp,
    ],
  );
}

export async function insertLinkToken(
  q: Queryable,
  t: { hash: string; purpose: LinkPurpose; accountId: string; expiresOn: Date; now: Date },
): Promise<void> {
  await q.query(
    `INSERT INTO auth_tokens (token_hash, purpose, account_id, expires_on, created_on) VALUES ($1, $2, $3, $4, $5)`,
    [t.hash, t.purpose, t.accountId, t.expiresOn, t.now],
  );
}

/** Whether a link still works, without using it up. */
export async function isLinkTokenOpen(
  q: Queryable,
  hash: string,
  purpose: LinkPurpose,
  now: Date,
): Promise<boolean> {
  const rows = await q.query(
    `SELECT 1 FROM auth_tokens WHERE token_hash = $1 AND purpose = $2 AND used_on IS NULL AND expires_on > $3`,
    [hash, purpose, now],
  );
  return rows.length > 0;
}

/** Whether the account a link was sent to (used, expired or open) is confirmed; undefined for no such link. */
export async function linkAccountConfirmed(q: Queryable, hash: string, purpose: LinkPurpose) {
  const rows = await q.query<{ is_confirmed: boolean }>(
    `SELECT a.is_confirmed FROM auth_tokens t JOIN accounts a ON a.id = t.account_id
      WHERE t.token_hash = $1 AND t.purpose = $2`,
    [hash, purpose],
  );
  return rows[0]?.is_confirmed;
}

/** Uses a link up: of two simultaneous clicks exactly one gets the account id. */
export async function consumeLinkToken(
  q: Queryable,
  hash: string,
  purpose: LinkPurpose,
  now: Date,
): Promise<string | undefined> {
  const rows = await q.query<{ account_id: string }>(
    `UPDATE auth_tokens SET used_on = $3
      WHERE token_hash = $1 AND purpose = $2 AND used_on IS NULL AND expires_on > $3
      RETURNING account_id`,
    [hash, purpose, now],
  );
  return rows[0]?.account_id;
}

/** Closes every link of that purpose the account still has open. */
export async function burnOpenLinkTokens(
  q: Queryable,
  accountId: string,
  purpose: LinkPurpose,
  now: Date,
): Promise<void> {
  await q.query(
    `UPDATE auth_tokens SET used_on = $3 WHERE account_id = $1 AND purpose = $2 AND used_on IS NULL`,
    [accountId, purpose, now],
  );
}

/** The profile as the database returns it: the wire shape with its times still as Date. */
export type ServiceProviderProfileRow = Omit<
  ServiceProviderProfile,
  'type' | 'subscription_started_on' | 'subscription_expired_on' | 'created_on'
> & {
  subscription_started_on: Date | null;
  subscription_expired_on: Date | null;
  created_on: Date;
};

/** The profile of one provider, only when it belongs to that account. */
export async function findServiceProviderProfile(
  q: Queryable,
  serviceProviderId: string,
  accountId: string,
): Promise<ServiceProviderProfileRow | undefined> {
  const rows = await q.query<ServiceProviderProfileRow>(
    `SELECT sp.id AS service_provider_uuid, a.first_name, a.last_name, sp.company_name,
            (SELECT ag.printed_name FROM subscriber_agreements ag
              WHERE ag.service_provider_id = sp.id ORDER BY ag.accepted_on DESC LIMIT 1) AS printed_name,
            sp.ocn, a.email, sp.phone_number, sp.title, sp.address, sp.address2, sp.city, sp.state, sp.zipcode,
            sp.country, sp.filer_id, sp.frn_number, st.is_active, a.is_confirmed,
            st.subscription_started_on, st.subscription_expired_on, st.auto_charge, sp.created_on
       FROM service_providers sp
       JOIN accounts a ON a.id = sp.account_id
       JOIN service_provider_state st ON st.service_provider_id = sp.id
      WHERE sp.id = $1 AND sp.account_id = $2`,
    [serviceProviderId, accountId],
    { prepare: true },
  );
  return rows[0];
}

/** Writes a provider's editable details (its account's names, its company's fields); false when not its own. */
export async function updateServiceProviderProfile(
  db: Database,
  serviceProviderId: string,
  accountId: string,
  p: ProfileUpdate,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx.query(
      `UPDATE service_providers
          SET company_name = $3, phone_number = $4, title = $5, address = $6, address2 = $7, country = $8,
              state = $9, city = $10, zipcode = $11, filer_id = $12, frn_number = $13, updated_on = $14
        WHERE id = $1 AND account_id = $2 RETURNING 1`,
      [
        serviceProviderId,
        accountId,
        p.company_name,
        p.phone_number,
        p.title,
        p.address,
        p.address2 || null,
        p.country,
        p.state,
        p.city,
        p.zipcode,
        p.filer_id || null,
        p.frn_number || null,
        now,
      ],
    );
    if (!rows.length) return false;
    await tx.query('UPDATE accounts SET first_name = $2, last_name = $3, updated_on = $4 WHERE id = $1', [
      accountId,
      p.first_name,
      p.last_name,
      now,
    ]);
    return true;
  });
}

/** Serializes the first-start admin creation between processes that start together. */
export async function lockAdminBootstrap(q: Queryable): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock(727002)');
}

export async function adminExists(q: Queryable): Promise<boolean> {
  const rows = await q.query(`SELECT 1 FROM accounts WHERE type = 'admin' LIMIT 1`);
  return rows.length > 0;
}

/** Inserts unless the email is taken; returns the new id or undefined. */
export async function insertAccountUnlessTaken(q: Queryable, a: NewAccount): Promise<string | undefined> {
  const rows = await q.query<{ id: string }>(
    `INSERT INTO accounts (type, email, password_hash, first_name, last_name, is_confirmed, confirmed_on)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT DO NOTHING RETURNING id`,
    [a.type, a.email, a.passwordHash, a.firstName, a.lastName, a.confirmedOn !== null, a.confirmedOn],
  );
  return rows[0]?.id;
}
