// What ACME reads and writes (store.ts's and orderStore.ts's functions), bound to the database once by the
// composition root: ACME's routes and services see these and not the database. A write of several statements runs
// here in its own transaction; finalize's claim and record of its order run in the issuance's transaction instead
// (orders.ts hands orderStore's statements to the issuing function's hooks).
import { type AuditEntry, recordAudit } from '../certificates/audit';
import type { Database, Queryable } from '../db';
import * as orders from './orderStore';
import * as store from './store';

/** A store function with its database given. */
type OnDatabase<F> = F extends (q: Queryable, ...args: infer A) => infer R ? (...args: A) => R : never;

/** A new order, with the certificate it replaces (RFC 9773 §5) or null. */
export type NewOrder = Parameters<typeof orders.insertOrder>[1];

/** A new account, bound by its credential. */
export type NewAccount = Omit<Parameters<typeof store.insertAccount>[1], 'spId'>;

export interface AcmeStore extends AcmeOrderStore {
  // nonces
  recordSpentNonce: OnDatabase<typeof store.recordSpentNonce>;
  spendNonceReadingAccount: OnDatabase<typeof store.spendNonceReadingAccount>;
  startNonceEpoch: OnDatabase<typeof store.startNonceEpoch>;
  // accounts
  accountById: OnDatabase<typeof store.accountById>;
  accountByThumbprint: OnDatabase<typeof store.accountByThumbprint>;
  /**
   * The account and its credential marked as used, with the credential's row locked: false (nothing written) when
   * the credential was revoked or bound meanwhile. The account acts for the credential's provider.
   */
  insertAccount(account: NewAccount): Promise<boolean>;
  updateAccount: OnDatabase<typeof store.updateAccount>;
  changeAccountKey: OnDatabase<typeof store.changeAccountKey>;
  // External Account Binding credentials
  eabKey(keyId: string): Promise<store.EabKeyRow | null>;
  listEabKeys: OnDatabase<typeof store.listEabKeys>;
  /**
   * A new credential and its audit row: false (nothing written) when its provider holds `max` live ones already.
   * A provider's creations queue on its row, so that the limit holds when they come at once.
   */
  insertEabKey(
    key: Parameters<typeof store.insertEabKey>[1],
    max: number,
    audit: AuditEntry,
  ): Promise<boolean>;
  /** The customer a credential was handed to (null: the provider's own). */
  customerBinding: OnDatabase<typeof store.customerBinding>;
  /** Whether numbers are all among those a customer's credential binds. */
  withinBinding: OnDatabase<typeof store.withinBinding>;
  /** store.revokeEabKey, with the audit row `audit` makes of a revocation done, in one transaction. */
  revokeEabKey(
    spId: string,
    keyId: string,
    now: Date,
    audit: (done: { accountDeactivated?: boolean }) => AuditEntry,
  ): ReturnType<typeof store.revokeEabKey>;
}

/** What ACME's orders read and write. */
interface AcmeOrderStore {
  /** The provider an account acts for, as the portal's issuance reads it. */
  providerStanding: OnDatabase<typeof orders.providerStanding>;
  orderById: OnDatabase<typeof orders.orderById>;
  openOrderIds: OnDatabase<typeof orders.openOrderIds>;
  authorization: OnDatabase<typeof orders.authorization>;
  /**
   * The order and its authorization; with `replaces`, the certificate it replaces locked and checked in the same
   * transaction: false (nothing written) when another order replaces it already.
   */
  insertOrder(order: NewOrder): Promise<boolean>;
  /** The authorization deactivated and its order, still pending or ready, invalid: together. */
  deactivateAuthorization: OnDatabase<typeof orders.deactivateAuthorization>;
  settleChallenge: OnDatabase<typeof orders.settleChallenge>;
  finishOrder: OnDatabase<typeof orders.finishOrder>;
  certificateChain: OnDatabase<typeof orders.certificateChain>;
  certificateBySerial: OnDatabase<typeof orders.certificateBySerial>;
  revocableBySerial: OnDatabase<typeof orders.revocableBySerial>;
}

/** A credential and its audit row, under its provider's lock, unless the provider holds `max` live ones already. */
export async function writeEabKey(
  tx: Queryable,
  key: Parameters<typeof store.insertEabKey>[1],
  max: number,
  audit: AuditEntry,
): Promise<boolean> {
  await store.lockProvider(tx, key.spId);
  if ((await store.countLiveEabKeys(tx, key.spId)) >= max) return false;
  await store.insertEabKey(tx, key);
  await recordAudit(tx, audit);
  return true;
}

export function acmeStoreOf(db: Database): AcmeStore {
  return {
    ...orderStoreOf(db),
    recordSpentNonce: (nonce, expiresOn) => store.recordSpentNonce(db, nonce, expiresOn),
    spendNonceReadingAccount: (nonce, expiresOn, id) =>
      store.spendNonceReadingAccount(db, nonce, expiresOn, id),
    startNonceEpoch: (since) => store.startNonceEpoch(db, since),
    accountById: (id) => store.accountById(db, id),
    accountByThumbprint: (thumbprint) => store.accountByThumbprint(db, thumbprint),
    insertAccount: (account) =>
      db.transaction(async (tx) => {
        const row = await store.eabKey(tx, account.eabKeyId, { forUpdate: true });
        if (!row || row.revoked_on || row.account_id) return false;
        await store.insertAccount(tx, { ...account, spId: row.service_provider_id });
        return true;
      }),
    updateAccount: (id, change, now) => store.updateAccount(db, id, change, now),
    changeAccountKey: (id, jwk, thumbprint, now) => store.changeAccountKey(db, id, jwk, thumbprint, now),
    eabKey: (keyId) => store.eabKey(db, keyId),
    listEabKeys: (spId, list) => store.listEabKeys(db, spId, list),
    insertEabKey: (key, max, audit) => db.transaction((tx) => writeEabKey(tx, key, max, audit)),
    customerBinding: (keyId) => store.customerBinding(db, keyId),
    withinBinding: (keyId, intervals) => store.withinBinding(db, keyId, intervals),
    revokeEabKey: (spId, keyId, now, audit) =>
      db.transaction(async (tx) => {
        const revoked = await store.revokeEabKey(tx, spId, keyId, now);
        if (revoked && !revoked.alreadyRevoked) await recordAudit(tx, audit(revoked));
        return revoked;
      }),
  };
}

function orderStoreOf(db: Database): AcmeOrderStore {
  return {
    providerStanding: (spId) => orders.providerStanding(db, spId),
    orderById: (id) => orders.orderById(db, id),
    openOrderIds: (accountId, now, limit) => orders.openOrderIds(db, accountId, now, limit),
    authorization: (by, value) => orders.authorization(db, by, value),
    async insertOrder(order) {
      const { replaces } = order;
      if (!replaces) {
        await orders.insertOrder(db, order);
        return true;
      }
      return db.transaction(async (tx) => {
        await orders.lockCertificate(tx, replaces.id);
        if (await orders.replacedAlready(tx, replaces.id, order.now)) return false;
        await orders.insertOrder(tx, order);
        return true;
      });
    },
    deactivateAuthorization: (id, orderId, now) =>
      db.transaction((tx) => orders.deactivateAuthorization(tx, id, orderId, now)),
    settleChallenge: (authz, outcome, now) => orders.settleChallenge(db, authz, outcome, now),
    finishOrder: (orderId, outcome, now) => orders.finishOrder(db, orderId, outcome, now),
    certificateChain: (serial) => orders.certificateChain(db, serial),
    certificateBySerial: (serial) => orders.certificateBySerial(db, serial),
    revocableBySerial: (serial) => orders.revocableBySerial(db, serial),
  };
}
