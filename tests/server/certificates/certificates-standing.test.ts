// Who may have certificates now: one judge (certificateBlocker) on the provider's standing, read in one place, asked
// by every path that issues or renews — the portal's generate and renew, ACME's newOrder and finalize, and the
// automatic renewal. A provider the admin deactivated gets nothing over ACME either; each refusal issues nothing
// and spends no STI-PA call.
import type * as acme from 'acme-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runAutoRenewals } from '../../../server/src/certificates/autoRenewal';
import { generateCertificate, renewCertificate } from '../../../server/src/certificates/issuance';
import type { Actor } from '../../../server/src/certificates/service';
import { HttpError } from '../../../server/src/http/errors';
import type { TestApp } from '../helpers';
import { type Provider, api, tokenOf } from '../billing/billing-fixtures';
import { adminToken, as } from '../admin/admin-fixtures';
import { boundClient, csrPem, identifier, readyOrder, startWorld, stopWorld } from '../acme/acme-fixtures';

const STIPA = { sti_pa_username: 'demo', sti_pa_password: 'demo-pass' };

let t: TestApp;
let provider: Provider;

beforeAll(async () => {
  ({ t, provider } = await startWorld('certificates-standing-'));
}, 60_000);
afterAll(stopWorld);

const certificateCount = async () => {
  const [{ n }] = await t.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM certificates WHERE service_provider_id = $1',
    [provider.spId],
  );
  return n;
};

/** What a call ended with: 'allowed' (issued, or an order placed), or the refusal's text. */
async function outcome(call: () => Promise<unknown>): Promise<string> {
  try {
    const r = (await call()) as { success?: boolean; error_cause?: string } | undefined;
    return r?.success === false ? `refused: ${r.error_cause}` : 'allowed';
  } catch (e) {
    return e instanceof HttpError ? `${e.statusCode} ${e.message}` : (e as Error).message;
  }
}

describe('a provider the admin deactivated', () => {
  it('gets no certificate over ACME: no order, no finalize', async () => {
    const token = await tokenOf(t, provider);
    const { client, accountKey } = await boundClient(token);
    const before = await certificateCount();
    const admin = as(t, await adminToken(t));
    const off = await admin.patch(`/api/admin/service_provider/${provider.spId}`, { is_active: false });
    expect(off.statusCode, off.body).toBe(200);
    try {
      // the portal refuses its token at once
      expect((await api(t, token).get('/api/service_provider/sti_priv_key')).statusCode).toBe(401);
      // what an ACME client does next: order, answer tkauth-01, finalize
      const attempt = await outcome(async () =>
        client.finalizeOrder(await readyOrder(client, accountKey), await csrPem()),
      );
      expect(attempt).toMatch(/account is deactivated/);
      expect(await certificateCount()).toBe(before);
    } finally {
      const on = await admin.patch(`/api/admin/service_provider/${provider.spId}`, { is_active: true });
      expect(on.statusCode, on.body).toBe(200);
    }
  });
});

/** A reason to refuse, as the database comes to say it, and how each surface names it. */
interface Reason {
  name: string;
  set: string;
  unset: string;
  acme: RegExp;
  portal: string;
}

const ACCOUNT = 'UPDATE accounts SET %s WHERE id = (SELECT account_id FROM service_providers WHERE id = $1)';
const SUBSCRIPTION = `UPDATE subscriptions SET %s WHERE service_provider_id = $1`;
const sql = (template: string, set: string) => template.replace('%s', set);
const INACTIVE = 'refused: subscription_inactive';

const REASONS: Reason[] = [
  {
    name: 'deactivated by the admin',
    set: sql(ACCOUNT, 'is_disabled = true'),
    unset: sql(ACCOUNT, 'is_disabled = false'),
    acme: /account is deactivated/,
    portal: '403 This account is deactivated, so certificates cannot be generated or renewed for it.',
  },
  {
    name: 'email not confirmed',
    set: sql(ACCOUNT, 'is_confirmed = false'),
    unset: sql(ACCOUNT, 'is_confirmed = true'),
    acme: /email address is not confirmed/,
    portal: INACTIVE,
  },
  {
    name: 'subscription not paid (past due)',
    set: sql(SUBSCRIPTION, "status = 'past_due'"),
    unset: sql(SUBSCRIPTION, "status = 'active'"),
    acme: /subscription is not active/,
    portal: INACTIVE,
  },
  {
    name: 'subscription not started',
    set: sql(SUBSCRIPTION, "current_period_start = now() + interval '1 day'"),
    unset: sql(SUBSCRIPTION, "current_period_start = now() - interval '1 day'"),
    acme: /subscription has not started/,
    portal: INACTIVE,
  },
  {
    name: 'subscription expired',
    set: sql(SUBSCRIPTION, "current_period_end = now() - interval '1 hour'"),
    unset: sql(SUBSCRIPTION, "current_period_end = now() + interval '300 days'"),
    acme: /subscription (is not active|has expired)/,
    portal: INACTIVE,
  },
];

describe('every issuance path asks the one judge', () => {
  it('refuses each reason on each path, issuing nothing and asking the STI-PA nothing', async () => {
    const deps = t.services.certificates;
    const token = await tokenOf(t, provider);
    const http = api(t, token);
    const [row] = await t.db.query<{ account_id: string; email: string }>(
      'SELECT a.id AS account_id, a.email FROM service_providers sp JOIN accounts a ON a.id = sp.account_id WHERE sp.id = $1',
      [provider.spId],
    );
    const actor: Actor = {
      accountId: row.account_id,
      email: row.email,
      serviceProviderId: provider.spId,
      ip: null,
    };
    const newKey = async () =>
      (await http.post('/api/service_provider/generate_sti_priv_key')).json().priv_key_uuid as string;
    const issue = async (key: string) => {
      const res = await http.post('/api/service_provider/generate_sti_spc_cert', {
        ...STIPA,
        private_key_uuid: key,
      });
      expect(res.json().success, res.body).toBe(true);
      return res.json().certificate.serial_number as string;
    };
    // in good standing: a key without a certificate, a certificate to renew, one opted in to automatic renewal
    // (due: in its last 30 days), an ACME account and one ready order per row (and one for the control row)
    const freshKey = await newKey();
    const toRenew = await issue(await newKey());
    const autoRenewed = await issue(await newKey());
    const on = await t.app.inject({
      method: 'PUT',
      url: `/api/service_provider/sti_spc_cert/${autoRenewed}/auto_renewal`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify(STIPA),
    });
    expect(on.statusCode, on.body).toBe(200);
    await t.db.query(
      `UPDATE certificates SET not_after = now() + interval '20 days' WHERE serial_number = $1`,
      [autoRenewed],
    );
    const { client, accountKey } = await boundClient(token);
    const ready: acme.Order[] = [];
    for (let i = 0; i <= REASONS.length; i++) ready.push(await readyOrder(client, accountKey));

    const paths = (i: number): [string, () => Promise<unknown>][] => [
      ['portal generate', () => generateCertificate(deps, actor, { ...STIPA, private_key_uuid: freshKey })],
      ['portal renew', () => renewCertificate(deps, actor, toRenew, { ...STIPA, revoke_old: 'keep' })],
      ['ACME newOrder', () => client.createOrder({ identifiers: [identifier()] })],
      [
        'ACME finalize',
        async () => {
          const { status } = await client.finalizeOrder(ready[i], await csrPem());
          return { success: status === 'valid', error_cause: `order ${status}` };
        },
      ],
      [
        'automatic renewal',
        async () => {
          await t.db.query('UPDATE auto_renewals SET last_attempt_on = NULL');
          const run = await runAutoRenewals(deps);
          if (run.renewed === 1) return { success: true };
          const [ar] = await t.db.query<{ last_error: string }>('SELECT last_error FROM auto_renewals');
          return { success: false, error_cause: ar.last_error };
        },
      ],
    ];
    const stiPa = vi.spyOn(t.services.stiPa, 'getSpcToken');
    for (const [i, reason] of REASONS.entries()) {
      await t.db.query(reason.set, [provider.spId]);
      try {
        const count = await certificateCount();
        stiPa.mockClear();
        const got = [];
        for (const [path, call] of paths(i)) got.push([path, await outcome(call)]);
        const acmeRefusal = expect.stringMatching(reason.acme);
        expect(got, reason.name).toEqual([
          ['portal generate', reason.portal],
          ['portal renew', reason.portal],
          ['ACME newOrder', acmeRefusal],
          ['ACME finalize', acmeRefusal],
          ['automatic renewal', `refused: ${reason.portal.replace(/^refused: |^403 /, '')}`],
        ]);
        expect(await certificateCount(), reason.name).toBe(count);
        expect(stiPa, reason.name).not.toHaveBeenCalled();
      } finally {
        await t.db.query(reason.unset, [provider.spId]);
      }
    }
    // the control row: in good standing again, every path issues
    const count = await certificateCount();
    stiPa.mockClear();
    for (const [path, call] of paths(REASONS.length)) expect(await outcome(call), path).toBe('allowed');
    // generate, renew, finalize and the automatic renewal: one certificate each
    expect(await certificateCount()).toBe(count + 4);
    // an SPC token each for generate, renew and the automatic renewal (ACME's client brings its own)
    expect(stiPa).toHaveBeenCalledTimes(3);
    // an order whose finalize was refused stays ready: it finalizes once the provider may have certificates again
    expect((await client.getOrder(ready[0])).status).toBe('ready');
    stiPa.mockRestore();
  });
});
