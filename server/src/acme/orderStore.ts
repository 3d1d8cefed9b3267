// SQL of ACME orders: the provider an account acts for, orders with their one authorization and challenge, and
// the certificate of a finished order.
import type { ProviderStanding } from '../certificates/store';
import type { Queryable } from '../db';
import { type NumberInterval, boundsOf, multirangeOf } from './store';

// Its standing is read where the portal's issuance reads it: one read for the one judge (certificateBlocker).
export { type ProviderStanding, providerStanding } from '../certificates/store';

/** The provider's own account, acting (the portal's issuance and revocation audit it as the provider's). */
export const actorOf = (sp: ProviderStanding, ip: string | null) => ({
  accountId: sp.account_id,
  email: sp.email,
  serviceProviderId: sp.service_provider_id,
  ip,
});

export type OrderStatus = 'pending' | 'ready' | 'processing' | 'valid' | 'invalid';

export interface OrderRow {
  id: string;
  account_id: string;
  service_provider_id: string;
  status: OrderStatus;
  identifier_value: string;
  spc: string;
  expires_on: Date;
  error: unknown;
  certificate_id: string | null;
  authorization_id: string;
  serial_number: string | null;
  /** The certID of the certificate this order replaces (RFC 9773 §5), as the client named it. */
  replaces: string | null;
  /** The validity the order asked for (RFC 8555 §7.4), issued exactly; null: not asked. */
  not_before: Date | null;
  not_after: Date | null;
  /** The status of the order's certificate, once finalize recorded its intent. */
  certificate_status?: string | null;
  /** A delegate customer's order: its identifier lists numbers (docs/acme.md), not the SPC. */
  delegate: boolean;
}

const ORDER_SELECT = `SELECT o.id, o.account_id, o.service_provider_id, o.status, o.identifier_value, o.spc, o.expires_on,
       o.error, o.certificate_id, z.id AS authorization_id, c.serial_number, c.status AS certificate_status,
       o.replaces, o.not_before, o.not_after, o.numbers IS NOT NULL AS delegate
  FROM acme_orders o
  JOIN acme_authorizations z ON z.order_id = o.id
  LEFT JOIN certificates c ON c.id = o.certificate_id`;

/** The order and its authorization, in one statement (no transaction needed). */
export async function insertOrder(
  q: Queryable,
  o: {
    id: string;
    accountId: string;
    spId: string;
    identifierValue: string;
    spc: string;
    expiresOn: Date;
    authorizationId: string;
    challengeId: string;
    token: string;
    now: Date;
    /** The validity asked for (null members: not asked). */
    validity: { notBefore: Date | null; notAfter: Date | null };
    /** The certificate it replaces (RFC 9773 §5): its certID and its id. */
    replaces: { certId: string; id: string } | null;
    /** A delegate customer's order: the numbers its identifier lists. */
    numbers?: readonly NumberInterval[];
  },
): Promise<void> {
  const [lo, hi] = boundsOf(o.numbers ?? []);
  await q.query(
    `WITH o AS (
       INSERT INTO acme_orders (id, account_id, service_provider_id, status, identifier_value, spc, expires_on,
                                created_on, updated_on, replaces, replaces_certificate_id, not_before, not_after,
                                numbers)
       VALUES ($1, $2, $3, 'pending', $4, $5, $6, $7, $7, $11, $12, $13, $14,
               CASE WHEN $17 THEN ${multirangeOf('$15', '$16')} END) RETURNING id)
     INSERT INTO acme_authorizations (id, order_id, status, expires_on, challenge_id, challenge_token, challenge_status)
     SELECT $8, o.id, 'pending', $6, $9, $10, 'pending' FROM o`,
    [
      o.id,
      o.accountId,
      o.spId,
      o.identifierValue,
      o.spc,
      o.expiresOn,
      o.now,
      o.authorizationId,
      o.challengeId,
      o.token,
      o.replaces?.certId ?? null,
      o.replaces?.id ?? null,
      o.validity.notBefore,
      o.validity.notAfter,
      lo,
      hi,
      o.numbers !== undefined,
    ],
    { prepare: true },
  );
}

/**
 * Is the certificate `id` being replaced already: by an order still pending or ready (and not expired), being
 * finalized, or done? Run with the certificate's row locked (lockCertificate) so that two new orders queue.
 */
export async function replacedAlready(q: Queryable, id: string, now: Date): Promise<boolean> {
  const rows = await q.query(
    `SELECT 1 FROM acme_orders
      WHERE replaces_certificate_id = $1
        AND (status IN ('processing', 'valid') OR (status IN ('pending', 'ready') AND expires_on > $2))
      LIMIT 1`,
    [id, now],
  );
  return rows.length > 0;
}

export async function lockCertificate(q: Queryable, id: string): Promise<void> {
  await q.query('SELECT id FROM certificates WHERE id = $1 FOR UPDATE', [id]);
}

export async function orderById(q: Queryable, id: string): Promise<OrderRow | null> {
  const rows = await q.query<OrderRow>(`${ORDER_SELECT} WHERE o.id = $1`, [id], { prepare: true });
  return rows[0] ?? null;
}

/** The URLs' ids of an account's orders not yet ended (RFC 8555 §7.1.2.1), newest first, at most `limit`. */
export async function openOrderIds(
  q: Queryable,
  accountId: string,
  now: Date,
  limit: number,
): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    `SELECT id FROM acme_orders
      WHERE account_id = $1 AND (status IN ('processing', 'valid') OR (status IN ('pending', 'ready') AND expires_on > $2))
      ORDER BY created_on DESC, id DESC LIMIT $3`,
    [accountId, now, limit],
  );
  return rows.map((r) => r.id);
}

export interface AuthorizationRow {
  id: string;
  order_id: string;
  account_id: string;
  service_provider_id: string;
  status: 'pending' | 'valid' | 'invalid' | 'deactivated' | 'expired' | 'revoked';
  expires_on: Date;
  identifier_value: string;
  spc: string;
  challenge_id: string;
  challenge_token: string;
  challenge_status: 'pending' | 'processing' | 'valid' | 'invalid';
  validated_on: Date | null;
  challenge_error: unknown;
  /** A delegate customer's order: its token comes from the portal's token authority. */
  delegate: boolean;
}

const AUTHZ_SELECT = `SELECT z.id, z.order_id, o.account_id, o.service_provider_id, z.status, z.expires_on,
       o.identifier_value, o.spc, z.challenge_id, z.challenge_token, z.challenge_status, z.validated_on,
       z.challenge_error, o.numbers IS NOT NULL AS delegate
  FROM acme_authorizations z JOIN acme_orders o ON o.id = z.order_id`;

/** An authorization with its order's facts, by its own id or by its challenge's. */
export async function authorization(
  q: Queryable,
  by: 'id' | 'challenge_id',
  value: string,
): Promise<AuthorizationRow | null> {
  const rows = await q.query<AuthorizationRow>(`${AUTHZ_SELECT} WHERE z.${by} = $1`, [value], {
    prepare: true,
  });
  return rows[0] ?? null;
}

/**
 * The challenge's outcome, once, in one statement: valid makes the authorization valid and the order ready;
 * invalid makes all three invalid. False when another answer settled it first (that outcome stands).
 */
/**
 * Settles a pending challenge, its authorization and its order, once: false when another answer settled it first.
 * A valid answer's token id (`jti`) is spent in the same statement; one used before makes the answer invalid with
 * `replayed` as its error: the outcome as settled is returned.
 */
export async function settleChallenge(
  q: Queryable,
  authz: Pick<AuthorizationRow, 'id' | 'order_id'>,
  outcome: { valid: true; jti: string; exp: Date; replayed: object } | { valid: false; error: object },
  now: Date,
): Promise<{ valid: true } | { valid: false; error: object } | null> {
  const valid = outcome.valid;
  const rows = await q.query<{ fresh: boolean }>(
    `WITH j AS (
       INSERT INTO spc_token_jtis (jti, expires_on) SELECT $5::text, $6 WHERE $5::text IS NOT NULL
       ON CONFLICT DO NOTHING RETURNING 1),
     ok AS (SELECT $2::boolean AND ($5::text IS NULL OR EXISTS (SELECT 1 FROM j)) AS valid),
     z AS (
       UPDATE acme_authorizations
          SET status = CASE WHEN (SELECT valid FROM ok) THEN 'valid' ELSE 'invalid' END,
              challenge_status = CASE WHEN (SELECT valid FROM ok) THEN 'valid' ELSE 'invalid' END,
              validated_on = $3,
              challenge_error = CASE WHEN (SELECT valid FROM ok) THEN NULL ELSE $4::jsonb END
        WHERE id = $1 AND challenge_status = 'pending' AND status = 'pending' RETURNING order_id)
     UPDATE acme_orders
        SET status = CASE WHEN (SELECT valid FROM ok) THEN 'ready' ELSE 'invalid' END,
            error = CASE WHEN (SELECT valid FROM ok) THEN NULL ELSE $4::jsonb END, updated_on = $3
      WHERE id IN (SELECT order_id FROM z) AND status = 'pending' RETURNING (SELECT valid FROM ok) AS fresh`,
    [
      authz.id,
      valid,
      now,
      JSON.stringify(outcome.valid ? outcome.replayed : outcome.error),
      outcome.valid ? outcome.jti : null,
      outcome.valid ? outcome.exp : null,
    ],
    { prepare: true },
  );
  if (rows.length !== 1) return null;
  if (!outcome.valid) return outcome;
  return rows[0].fresh ? { valid: true } : { valid: false, error: outcome.replayed };
}

export async function deactivateAuthorization(
  q: Queryable,
  id: string,
  orderId: string,
  now: Date,
): Promise<void> {
  await q.query(`UPDATE acme_authorizations SET status = 'deactivated' WHERE id = $1`, [id]);
  await q.query(
    `UPDATE acme_orders SET status = 'invalid', updated_on = $2 WHERE id = $1 AND status IN ('pending', 'ready')`,
    [orderId, now],
  );
}

/**
 * Claims a ready order for the certificate of its finalize (ready → processing, once): false when another finalize
 * claimed it first, or it expired. In the intent's transaction, so the order names its certificate from then on
 * (recovery's outcome is the order's); a second finalize waits on the row and finds it claimed.
 */
export async function claimFinalize(
  q: Queryable,
  orderId: string,
  certificateId: string,
  now: Date,
): Promise<boolean> {
  const rows = await q.query(
    `UPDATE acme_orders SET status = 'processing', certificate_id = $3, updated_on = $2
      WHERE id = $1 AND status = 'ready' AND expires_on > $2 RETURNING id`,
    [orderId, now, certificateId],
  );
  return rows.length === 1;
}

export async function finishOrder(
  q: Queryable,
  orderId: string,
  outcome: { certificateId: string } | { error: object },
  now: Date,
): Promise<void> {
  if ('certificateId' in outcome)
    await q.query(
      `UPDATE acme_orders SET status = 'valid', certificate_id = $2, updated_on = $3 WHERE id = $1`,
      [orderId, outcome.certificateId, now],
    );
  else
    await q.query(`UPDATE acme_orders SET status = 'invalid', error = $2, updated_on = $3 WHERE id = $1`, [
      orderId,
      JSON.stringify(outcome.error),
      now,
    ]);
}

/** The chain served for an ACME certificate (leaf then intermediate), and whose it is. */
export async function certificateChain(
  q: Queryable,
  serial: string,
): Promise<{ chain_pem: string; account_id: string } | null> {
  const rows = await q.query<{ chain_pem: string; account_id: string }>(
    `SELECT c.chain_pem, o.account_id FROM acme_orders o JOIN certificates c ON c.id = o.certificate_id
      WHERE c.serial_number = $1 AND c.status IN ('issued', 'revoked')`,
    [serial],
  );
  return rows[0] ?? null;
}

export interface IssuedCertificate {
  id: string;
  serial_number: string;
  spc: string;
  service_provider_id: string;
  status: string;
  not_before: Date;
  not_after: Date;
  certificate_der: Uint8Array;
}

/** A SHAKEN certificate this CA issued, by serial (lower-case hex); an STI-SCA is not ACME's. */
export async function certificateBySerial(q: Queryable, serial: string): Promise<IssuedCertificate | null> {
  const rows = await q.query<IssuedCertificate>(
    `SELECT id, serial_number, spc, service_provider_id, status, not_before, not_after, certificate_der
       FROM certificates WHERE serial_number = $1 AND status IN ('issued', 'revoked') AND kind = 'shaken'`,
    [serial],
  );
  return rows[0] ?? null;
}

/** A certificate revokeCert may name: the provider's SHAKEN certificate, or a delegate one with its customer. */
export interface RevocableCertificate extends IssuedCertificate {
  kind: 'shaken' | 'delegate';
  customer_id: string | null;
}

/** The SHAKEN or delegate certificate of a serial (lower-case hex); an STI-SCA is revoked in the portal only. */
export async function revocableBySerial(q: Queryable, serial: string): Promise<RevocableCertificate | null> {
  const rows = await q.query<RevocableCertificate>(
    `SELECT c.id, c.serial_number, c.spc, c.service_provider_id, c.status, c.not_before, c.not_after,
            c.certificate_der, c.kind, d.customer_id
       FROM certificates c LEFT JOIN delegate_certificates d ON d.certificate_id = c.id
      WHERE c.serial_number = $1 AND c.status IN ('issued', 'revoked') AND c.kind IN ('shaken', 'delegate')`,
    [serial],
  );
  return rows[0] ?? null;
}
