// The built-in payments provider (PAYMENTS=sandbox): customers, cards and renewal charges in our own tables,
// a checkout page served by this server (routes.ts), and webhooks signed with an HMAC so tests and tools can
// send events through the very path a real provider's webhook takes (webhooks.ts).
import type { Config } from '../../../config';
import type { Queryable } from '../../../db';
import type { PaymentGateway } from '../gateway';
import { chargeRenewal } from './charges';
import { newId } from './ids';
import { addCard, listCards, updateCard } from './savedCards';
import { loadSandboxWebhookSecret, parseSandboxWebhook } from './webhooks';

export { SANDBOX_SIGNATURE_HEADER, loadSandboxWebhookSecret, signSandboxEvent } from './webhooks';

export interface SandboxDeps {
  config: Pick<Config, 'publicUrl' | 'dataDir'>;
  db: Queryable;
  now: () => Date;
}

async function ensureCustomer(
  db: Queryable,
  { serviceProviderId, email, name, existingRef }: Parameters<PaymentGateway['ensureCustomer']>[0],
): Promise<string> {
  if (existingRef) return existingRef;
  const rows = await db.query<{ ref: string }>(
    `INSERT INTO sandbox_customers (ref, service_provider_id, email, name) VALUES ($1, $2, $3, $4)
     ON CONFLICT (service_provider_id) DO UPDATE SET email = EXCLUDED.email
     RETURNING ref`,
    [newId('cus_sb_'), serviceProviderId, email, name],
  );
  return rows[0].ref;
}

export function createSandboxGateway(deps: SandboxDeps): PaymentGateway & { webhookSecret: string } {
  const { db, config, now } = deps;
  const tables = { db, now };
  const webhookSecret = loadSandboxWebhookSecret(config.dataDir);

  return {
    kind: 'sandbox',
    webhookSecret,
    ensureCustomer: (p) => ensureCustomer(db, p),
    async createCheckout(req) {
      // The page reads amount and description from the checkout row itself; nothing to keep here.
      return { ref: req.checkoutId, url: `${config.publicUrl}/sandbox/checkout/${req.checkoutId}` };
    },
    listCards: (customerRef) => listCards(db, customerRef),
    addCard: (customerRef, card, billing) => addCard(tables, customerRef, card, billing),
    updateCard: (customerRef, cardId, update) => updateCard(tables, customerRef, cardId, update),
    chargeRenewal: (p) => chargeRenewal(tables, p),
    // The portal renews sandbox subscriptions itself (runRenewals): nothing to tell a provider.
    async setAutoCharge() {},
    async changePlan() {},
    parseWebhook: (rawBody, headers) => parseSandboxWebhook(webhookSecret, rawBody, headers),
  };
}
