// The sandbox's webhooks, signed with an HMAC so tests and tools can send events through the very path a real
// provider's webhook takes.
//
// Webhook signature: header `x-sandbox-signature: v1=<hex HMAC-SHA256 of the raw body>` under the secret in
// `$DATA_DIR/sandbox-webhook-secret` (generated on first use, mode 0600). Replays are harmless: events are
// deduplicated by id.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { WebhookSignatureError, type PaymentEvent } from '../gateway';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

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

/** A webhook body and its headers as the sandbox sends them (tests and tools use this to post events). */
export function signSandboxEvent(
  secret: string,
  event: PaymentEvent,
): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify(event);
  const mac = createHmac('sha256', secret).update(body).digest('hex');
  return { body, headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: `v1=${mac}` } };
}

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

/** Verifies the signature on the raw body, then reads the event; throws WebhookSignatureError. */
export function parseSandboxWebhook(
  webhookSecret: string,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): PaymentEvent {
  const header = headers[SANDBOX_SIGNATURE_HEADER];
  const given = typeof header === 'string' ? /^v1=([0-9a-f]{64})$/.exec(header.trim())?.[1] : undefined;
  if (!given) throw new WebhookSignatureError('Missing or malformed signature');
  const expected = createHmac('sha256', webhookSecret).update(rawBody).digest();
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) throw new WebhookSignatureError('Bad signature');
  let raw: unknown;
  try {
    raw = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new WebhookSignatureError('Body is not JSON');
  }
  return parseEvent(raw);
}
