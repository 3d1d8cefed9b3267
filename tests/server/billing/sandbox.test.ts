// The sandbox payments provider: its checkout page (GET, declined, invalid, paid) and its gateway rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRawCard } from '../../../server/src/integrations/payments/sandbox/cards';
import { createSandboxGateway, signSandboxEvent } from '../../../server/src/integrations/payments/sandbox';
import { WebhookSignatureError } from '../../../server/src/integrations/payments/gateway';
import { createTestApp, type TestApp } from '../helpers';
import { login } from '../accounts/accounts-fixtures';
import { checkoutIdOf, confirmedProvider, payForm, startCheckout, subscriptionOf } from './billing-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the sandbox checkout page', () => {
  it('GET shows a self-contained, script-free form that says it is the sandbox', async () => {
    const p = await confirmedProvider(t);
    const url = (await startCheckout(t, p.spId, 'year')).json().data.url as string;
    const res = await t.app.inject({ method: 'GET', url: `/sandbox/checkout/${checkoutIdOf(url)}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    const html = res.body;
    expect(html).toContain('Sandbox');
    expect(html).toContain('4242424242424242');
    expect(html).toContain('4000000000000002');
    expect(html).toContain('$500.00');
    expect(html).toContain('Stir/Shaken Yearly Subscription');
    for (const name of ['number', 'exp_month', 'exp_year', 'cvc']) {
      expect(html).toContain(`<label for="${name}">`);
      expect(html).toContain(`name="${name}"`);
    }
    expect(html).not.toMatch(/<script|\bon[a-z]+=|https?:\/\/(?!portal\.test)/i);
    expect(html).toMatch(/<html lang="en">/);
    // giving up returns to the plan step, which then says nothing was charged
    expect(html).toContain(
      `<a href="http://portal.test/register/payment?uuid=${p.spId}&amp;notice=payment_cancelled">Cancel and return to the portal</a>`,
    );
  });

  it('POST with the declined card shows the page again with 402; a bad number 400; 4242 pays and redirects', async () => {
    const p = await confirmedProvider(t);
    const url = (await startCheckout(t, p.spId, 'month')).json().data.url as string;
    const declined = await payForm(t, url, { number: '4000000000000002' });
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('Your card was declined.');
    expect(declined.body).not.toContain('value="4000000000000002"');
    const invalid = await payForm(t, url, { number: '4242424242424241' });
    expect(invalid.statusCode).toBe(400);
    const expired = await payForm(t, url, { exp_year: '2020' });
    expect(expired.statusCode).toBe(400);
    expect((await login(t, p.email, p.password)).statusCode).toBe(403);

    const paid = await payForm(t, url);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('http://portal.test/login?notice=subscription_paid');
    expect((await subscriptionOf(t, p.spId)).status).toBe('active');
    expect((await login(t, p.email, p.password)).statusCode).toBe(200);

    const after = await t.app.inject({ method: 'GET', url: `/sandbox/checkout/${checkoutIdOf(url)}` });
    expect(after.body).toContain('Already paid');
    const again = await payForm(t, url);
    expect(again.statusCode).toBe(303);
    const [{ n }] = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM payments WHERE service_provider_id = $1',
      [p.spId],
    );
    expect(n).toBe(1);
  });

  it('answers 404 for an unknown checkout', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/sandbox/checkout/00000000-0000-4000-8000-000000000000',
    });
    expect(res.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/sandbox/checkout/nope' });
    expect(bad.statusCode).toBe(404);
  });
});

describe('the sandbox gateway', () => {
  it('checks cards with the card form rules', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    const card = { number: '4242 4242 4242 4242', cvc: '123', exp_month: 11, exp_year: 2026 };
    expect(checkRawCard(card, now)).toEqual({ ok: true, digits: '4242424242424242' });
    expect(checkRawCard({ ...card, number: '4000000000000002' }, now).ok).toBe(true);
    expect(checkRawCard({ ...card, number: '4242424242424241' }, now)).toMatchObject({ field: 'number' });
    expect(checkRawCard({ ...card, number: '42' }, now)).toMatchObject({
      message: 'credit card number is invalid',
    });
    expect(checkRawCard({ ...card, cvc: '12' }, now)).toMatchObject({ message: 'cvc is invalid' });
    expect(checkRawCard({ ...card, exp_month: 10 }, now)).toMatchObject({
      message: 'must be a date after now',
    });
  });

  it('verifies its webhook signature', () => {
    const gw = createSandboxGateway({ config: t.config, db: t.db, now: () => new Date() });
    const event = {
      id: 'evt_sig',
      type: 'invoice.paid' as const,
      subscriptionRef: 's',
      transactionId: 'c',
      amount: 100,
      periodStart: new Date(0),
      periodEnd: new Date(1000),
    };
    const { body, headers } = signSandboxEvent(gw.webhookSecret, event);
    const parsed = gw.parseWebhook(Buffer.from(body), headers);
    expect(parsed).toEqual(event);
    expect(() => gw.parseWebhook(Buffer.from(body.replace('100', '1')), headers)).toThrow(
      WebhookSignatureError,
    );
    expect(() => gw.parseWebhook(Buffer.from(body), {})).toThrow(WebhookSignatureError);
  });

  it('charges a renewal once per idempotency key', async () => {
    const p = await confirmedProvider(t);
    const gw = createSandboxGateway({ config: t.config, db: t.db, now: () => new Date() });
    const customer = await gw.ensureCustomer({ serviceProviderId: p.spId, email: p.email, name: 'X' });
    const none = await gw.chargeRenewal({
      customerRef: customer,
      subscriptionRef: null,
      amount: 100,
      description: 'd',
      idempotencyKey: 'k0',
    });
    expect(none.status).toBe('failed');
    await gw.addCard(
      customer,
      {
        kind: 'raw',
        number: '4242424242424242',
        cvc: '123',
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 1,
      },
      { line1: 'a', state: 'NY', city: 'b', postal_code: '1' },
    );
    const a = await gw.chargeRenewal({
      customerRef: customer,
      subscriptionRef: null,
      amount: 100,
      description: 'd',
      idempotencyKey: 'k1',
    });
    const b = await gw.chargeRenewal({
      customerRef: customer,
      subscriptionRef: null,
      amount: 100,
      description: 'd',
      idempotencyKey: 'k1',
    });
    expect(a.status).toBe('paid');
    expect(b).toEqual(a);
  });
});
