// Shared pieces of the billing tests: a provider that registered and confirmed its email, paying through the
// sandbox's own checkout page, signing in, and signed sandbox webhooks.
import type { PaymentEvent } from '../../../server/src/integrations/payments/gateway';
import {
  loadSandboxWebhookSecret,
  signSandboxEvent,
} from '../../../server/src/integrations/payments/sandbox';
import type { TestApp } from '../helpers';
import { lastToken, login, postJson, register, registration } from '../accounts/accounts-fixtures';

export interface Provider {
  spId: string;
  email: string;
  password: string;
}

/** Registered and confirmed, not paid yet. */
export async function confirmedProvider(t: TestApp): Promise<Provider> {
  const fields = registration();
  const res = await register(t, fields);
  if (res.statusCode !== 201) throw new Error(`register: ${res.statusCode} ${res.body}`);
  const spId = res.json().service_provider_uuid as string;
  const token = lastToken(t.config, fields.email);
  const confirm = await t.app.inject({ method: 'POST', url: `/api/service_provider/confirm/${token}` });
  if (confirm.statusCode !== 200) throw new Error(`confirm: ${confirm.statusCode} ${confirm.body}`);
  return { spId, email: fields.email, password: fields.password };
}

export const checkoutIdOf = (url: string) => {
  const m = /\/sandbox\/checkout\/([0-9a-f-]{36})$/.exec(url);
  if (!m) throw new Error(`not a sandbox checkout url: ${url}`);
  return m[1];
};

export function payForm(
  t: TestApp,
  url: string,
  card: Partial<Record<'number' | 'exp_month' | 'exp_year' | 'cvc', string>> = {},
) {
  const fields = {
    number: '4242 4242 4242 4242',
    exp_month: '12',
    exp_year: String(new Date().getUTCFullYear() + 3),
    cvc: '123',
    ...card,
  };
  return t.app.inject({
    method: 'POST',
    url: `/sandbox/checkout/${checkoutIdOf(url)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

export async function startCheckout(t: TestApp, spId: string, interval: 'month' | 'year' = 'year') {
  return postJson(t, '/api/payment/subscription', {
    recurring_interval: interval,
    recurring_interval_count: 1,
    service_provider_uuid: spId,
  });
}

/** Registered, confirmed and paid through the sandbox page. */
export async function activeProvider(t: TestApp, interval: 'month' | 'year' = 'year'): Promise<Provider> {
  const p = await confirmedProvider(t);
  const res = await startCheckout(t, p.spId, interval);
  if (res.statusCode !== 200) throw new Error(`checkout: ${res.statusCode} ${res.body}`);
  const paid = await payForm(t, res.json().data.url);
  if (paid.statusCode !== 303) throw new Error(`pay: ${paid.statusCode} ${paid.body}`);
  return p;
}

export async function tokenOf(t: TestApp, p: Provider): Promise<string> {
  const res = await login(t, p.email, p.password);
  if (res.statusCode !== 200) throw new Error(`login: ${res.statusCode} ${res.body}`);
  return res.json().token as string;
}

export function api(t: TestApp, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  return {
    get: (url: string) => t.app.inject({ method: 'GET', url, headers }),
    post: (url: string, body?: unknown) => postJson(t, url, body ?? {}, headers),
    patch: (url: string, body: unknown) =>
      t.app.inject({
        method: 'PATCH',
        url,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      }),
  };
}

export const goodCard = (overrides: Record<string, unknown> = {}) => ({
  number: '4242424242424242',
  cvc: '123',
  exp_month: 12,
  exp_year: new Date().getUTCFullYear() + 3,
  billing_address: '1 Engine Way',
  state: 'NY',
  city: 'New York',
  zip_code: '10001',
  ...overrides,
});

/** Posts an event to the webhook, signed as the sandbox signs it. */
export function sendWebhook(t: TestApp, event: PaymentEvent) {
  const { body, headers } = signSandboxEvent(loadSandboxWebhookSecret(t.config.dataDir), event);
  return t.app.inject({ method: 'POST', url: '/api/payment/webhook', headers, payload: body });
}

export async function subscriptionOf(t: TestApp, spId: string) {
  const [row] = await t.db.query<{
    id: string;
    status: string;
    current_period_start: Date;
    current_period_end: Date;
    provider_ref: string;
    auto_charge: boolean;
    recurring_interval: string;
  }>(
    `SELECT id, status, current_period_start, current_period_end, provider_ref, auto_charge, recurring_interval
       FROM subscriptions WHERE service_provider_id = $1 ORDER BY created_on DESC LIMIT 1`,
    [spId],
  );
  return row;
}
