// The built-in payments provider (PAYMENTS=sandbox): customers, cards and renewal charges in our own tables,
// a checkout page served by this server (routes.ts), and webhooks signed with an HMAC so tests and tools can
// send events through the very path a real provider's webhook takes.
//
// Webhook signature: header `x-sandbox-signature: v1=<hex HMAC-SHA256 of the raw body>` under the secret in
// `$DATA_DIR/sandbox-webhook-secret` (generated on first use, mode 0600). Replays are harmless: events are
// deduplicated by id.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ValidationFailure } from '../../../../../contract/schemas';
import type { Config } from '../../../config';
import type { Queryable } from '../../../db';
import {
  PaymentDeclined,
  WebhookSignatureError,
  type BillingAddress,
  type PaymentEvent,
  type PaymentGateway,
  type SavedCard,
} from '../gateway';
import {
  DECLINED_MESSAGE,
  EXPIRED_MESSAGE,
  SANDBOX_CARD_CHARGE_FAILS,
  SANDBOX_CARD_DECLINED,
  cardBrand,
  cardExpired,
  checkRawCard,
} from './cards';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

export interface SandboxDeps {
  config: Pick<Config, 'publicUrl' | 'dataDir'>;
  db: Queryable;
  now: () => Date;
}

/** A card the sandbox refuses to save: a 400 with the message on its field, as the card form shows it. */
const invalidCard = (field: string, message: string) => new ValidationFailure(message, { [field]: message });

export function loadSandboxWebhookSecret(dataDir: string): string {
  const file = path.join(dataDir, 'sandbox-webhook-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString('hex');
    try {
      fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      // another process wrote it first
      return fs.readFileSync(file, 'utf8').trim();
    }
  }
}

const newId = (prefix: string) => `${prefix}${randomBytes(12).toString('hex')}`;

/** A webhook body and its headers as the sandbox sends them (tests and tools use this to post events). */
export function signSandboxEvent(
  secret: string,
  event: PaymentEvent,
): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify(event);
  const mac = createHmac('sha256', secret).update(body).digest('hex');
  return { body, headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: `v1=${mac}` } };
}

interface CardRow {
  id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  line1: string;
  state: string;
  city: string;
  postal_code: string;
  behaviour: 'succeeds' | 'declines';
  created: Date;
}

const toSaved = (r: CardRow): SavedCard => ({
  id: r.id,
  created: Math.floor(new Date(r.created).getTime() / 1000),
  card: { brand: r.brand, last4: r.last4, exp_month: r.exp_month, exp_year: r.exp_year },
  billing_details: { address: { line1: r.line1, state: r.state, city: r.city, postal_code: r.postal_code } },
});

const CARD_COLUMNS =
  'id, brand, last4, exp_month, exp_year, line1, state, city, postal_code, behaviour, created';

function parseEvent(raw: unknown): PaymentEvent {
  if (typeof raw !== 'object' || raw === null) throw new WebhookSignatureError('Event is not an object');
  const e = raw as Record<string, unknown>;
  if (typeof e.id !== 'string' || typeof e.type !== 'string')
    throw new WebhookSignatureError('Event has no id or type');
  if (e.type === 'invoice.paid') {
    return {
      ...(e as unknown as PaymentEvent & { type: 'invoice.paid' }),
      periodStart: new Date(String(e.periodStart)),
      periodEnd: new Date(String(e.periodEnd)),
    };
  }
  if (['checkout.paid', 'invoice.payment_failed', 'subscription.canceled', 'ignored'].includes(e.type)) {
    return e as unknown as PaymentEvent;
  }
  return { id: e.id, type: 'ignored', providerType: e.type };
}

export function createSandboxGateway(deps: SandboxDeps): PaymentGateway & { webhookSecret: string } {
  const { db, config, now } = deps;
  const webhookSecret = loadSandboxWebhookSecret(config.dataDir);

  async function cardsOf(customerRef: string): Promise<CardRow[]> {
    return db.query<CardRow>(
      `SELECT ${CARD_COLUMNS} FROM payment_cards WHERE customer = $1 ORDER BY created DESC, id DESC`,
      [customerRef],
    );
  }

  return {
    kind: 'sandbox',
    webhookSecret,

    async ensureCustomer({ serviceProviderId, email, name, existingRef }) {
      if (existingRef) return existingRef;
      const rows = await db.query<{ ref: string }>(
        `INSERT INTO sandbox_customers (ref, service_provider_id, email, name) VALUES ($1, $2, $3, $4)
         ON CONFLICT (service_provider_id) DO UPDATE SET email = EXCLUDED.email
         RETURNING ref`,
        [newId('cus_sb_'), serviceProviderId, email, name],
      );
      return rows[0].ref;
    },

    async createCheckout(req) {
      // The page reads amount and description from the checkout row itself; nothing to keep here.
      return { ref: req.checkoutId, url: `${config.publicUrl}/sandbox/checkout/${req.checkoutId}` };
    },

    async listCards(customerRef) {
      return (await cardsOf(customerRef)).map(toSaved);
    },

    async addCard(customerRef, card, billing: BillingAddress) {
      if (card.kind !== 'raw') throw invalidCard('number', 'The sandbox takes card numbers only');
      const check = checkRawCard(card, now());
      if (!check.ok) throw invalidCard(check.field, check.message);
      if (check.digits === SANDBOX_CARD_DECLINED) throw new PaymentDeclined(DECLINED_MESSAGE);
      // Only what a provider shows is kept: brand, last four digits, expiry. Never the number or the CVC.
      const rows = await db.query<CardRow>(
        `INSERT INTO payment_cards (id, customer, brand, last4, exp_month, exp_year, line1, state, city, postal_code,
           behaviour, created)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING ${CARD_COLUMNS}`,
        [
          newId('card_sb_'),
          customerRef,
          cardBrand(check.digits),
          check.digits.slice(-4),
          card.exp_month,
          card.exp_year,
          billing.line1,
          billing.state,
          billing.city,
          billing.postal_code,
          check.digits === SANDBOX_CARD_CHARGE_FAILS ? 'declines' : 'succeeds',
          // Strictly increasing per customer, so "the newest card" is never a tie.
          new Date(Math.max(now().getTime(), Date.now())),
        ],
      );
      return toSaved(rows[0]);
    },

    async updateCard(customerRef, cardId, update) {
      if (cardExpired(update.exp_month, update.exp_year, now())) {
        throw invalidCard('exp_date', 'must be a date after now');
      }
      const rows = await db.query<CardRow>(
        `UPDATE payment_cards SET exp_month = $3, exp_year = $4, line1 = $5, state = $6, city = $7, postal_code = $8
         WHERE id = $1 AND customer = $2 RETURNING ${CARD_COLUMNS}`,
        [
          cardId,
          customerRef,
          update.exp_month,
          update.exp_year,
          update.billing.line1,
          update.billing.state,
          update.billing.city,
          update.billing.postal_code,
        ],
      );
      if (!rows.length) throw new ValidationFailure('No such card', { id: 'No such card' });
      return toSaved(rows[0]);
    },

    async chargeRenewal({ customerRef, amount, idempotencyKey }) {
      const done = await db.query<{
        status: 'paid' | 'failed';
        transaction_id: string | null;
        reason: string | null;
      }>('SELECT status, transaction_id, reason FROM sandbox_charges WHERE idempotency_key = $1', [
        idempotencyKey,
      ]);
      if (!done.length) {
        const [card] = await cardsOf(customerRef);
        let status: 'paid' | 'failed' = 'paid';
        let reason: string | null = null;
        if (!card) [status, reason] = ['failed', 'No card on file.'];
        else if (cardExpired(card.exp_month, card.exp_year, now()))
          [status, reason] = ['failed', EXPIRED_MESSAGE];
        else if (card.behaviour === 'declines') [status, reason] = ['failed', DECLINED_MESSAGE];
        await db.query(
          `INSERT INTO sandbox_charges (idempotency_key, customer, amount, status, transaction_id, reason)
           VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (idempotency_key) DO NOTHING`,
          [idempotencyKey, customerRef, amount, status, status === 'paid' ? newId('ch_sb_') : null, reason],
        );
        done.push(
          ...(await db.query<{
            status: 'paid' | 'failed';
            transaction_id: string | null;
            reason: string | null;
          }>('SELECT status, transaction_id, reason FROM sandbox_charges WHERE idempotency_key = $1', [
            idempotencyKey,
          ])),
        );
      }
      const c = done[0];
      return c.status === 'paid'
        ? { status: 'paid', transactionId: c.transaction_id as string }
        : { status: 'failed', reason: c.reason ?? DECLINED_MESSAGE };
    },

    // The portal renews sandbox subscriptions itself (runRenewals): nothing to tell a provider.
    async setAutoCharge() {},
    async changePlan() {},

    parseWebhook(rawBody, headers) {
      const header = headers[SANDBOX_SIGNATURE_HEADER];
      const given = typeof header === 'string' ? /^v1=([0-9a-f]{64})$/.exec(header.trim())?.[1] : undefined;
      if (!given) throw new WebhookSignatureError('Missing or malformed signature');
      const expected = createHmac('sha256', webhookSecret).update(rawBody).digest();
      if (!timingSafeEqual(expected, Buffer.from(given, 'hex')))
        throw new WebhookSignatureError('Bad signature');
      let raw: unknown;
      try {
        raw = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new WebhookSignatureError('Body is not JSON');
      }
      return parseEvent(raw);
    },
  };
}
