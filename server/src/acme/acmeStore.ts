// What ACME's orders read and write (orderStore.ts's functions), bound to the database once by the composition
// root: the order, authorization, challenge, finalize and certificate routes see these and not the database.
import type { Database, Queryable } from '../db';
import * as orders from './orderStore';

/** A store function with its database given. */
type OnDatabase<F> = F extends (q: Queryable, ...args: infer A) => infer R ? (...args: A) => R : never;

/** A new order, with the certificate it replaces (RFC 9773 §5) or null. */
export type NewOrder = Parameters<typeof orders.insertOrder>[1];

export interface AcmeStore {
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
}

export function acmeStoreOf(db: Database): AcmeStore {
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
  };
}
