// Background work and mails across a kill (docs/production.md, "Several servers"): three servers on one PostgreSQL
// behind nginx, renewals due for several providers, billing sweeps queued again and again while password-reset
// mails are asked for through nginx; meanwhile one server is killed with SIGKILL and another restarted. Then each
// renewal was charged once (the gateway's charges, the payments, the invoices), each receipt and each reset mail
// went out once at most, and exactly once where its request was answered; no job ended failed.
// PostgreSQL only, and skipped where /usr/sbin/nginx is absent.
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../../server/src/config';
import { mailsTo } from '../accounts/accounts-fixtures';
import { type Provider, activeProvider, api, goodCard, tokenOf } from '../billing/billing-fixtures';
import { usingPostgres } from '../helpers';
import { isRunning, stopServers } from '../process/process-fixtures';
import { type Cluster, NGINX, startCluster } from './cluster-fixtures';
import { type H2Client, clusterApp, h2Client } from './h2-client';

const hasNginx = fs.existsSync(NGINX);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const RENEWING = 4;
const RESETS = 12;

describe.skipIf(!hasNginx || !usingPostgres)('jobs and mails across a kill and a restart', () => {
  let cluster: Cluster;
  const clients: H2Client[] = [];
  const client = (address: string) => {
    const c = h2Client(cluster.base, cluster.ca, address);
    clients.push(c);
    return c;
  };
  const appOf = (c: H2Client) => clusterApp(c, cluster.mailDir, cluster.base);
  const query = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) => {
    const c = new pg.Client({ connectionString: cluster.dbUrl });
    await c.connect();
    try {
      return (await c.query<T>(sql, params)).rows;
    } finally {
      await c.end();
    }
  };
  /** A billing sweep queued as the servers' cron queues it. */
  const queueSweep = () =>
    query(`INSERT INTO pgboss.job (name, data) VALUES ('billing-renewals', '{}') RETURNING id`);
  /** Billing jobs in one of `states`. */
  const jobsLeft = async (...states: string[]) =>
    Number(
      (
        await query<{ n: string }>(
          `SELECT count(*) AS n FROM pgboss.job
            WHERE name IN ('billing-renewals', 'invoice-documents') AND state::text = ANY($1::text[])`,
          [states],
        )
      )[0].n,
    );

  beforeAll(async () => {
    cluster = await startCluster(testDatabaseUrl()!, {});
  }, 60_000);

  afterAll(async () => {
    for (const c of clients) c.close();
    await stopServers();
    await cluster?.stop();
  });

  it('charges each renewal once and sends each mail once while one server is killed and another restarted', async () => {
    const c = client('203.0.113.20');
    const t = appOf(c);
    const providers: Provider[] = [];
    for (let i = 0; i < RENEWING; i++) {
      const p = await activeProvider(t, 'month');
      const http = api(t, await tokenOf(t, p));
      expect((await http.post('/api/payment/payment_card', goodCard())).statusCode).toBe(201);
      const on = await http.post('/api/payment/set_auto_charge', {
        auto_charge: true,
        service_provider_uuid: p.spId,
      });
      expect(on.statusCode).toBe(200);
      providers.push(p);
    }
    const ids = providers.map((p) => p.spId);
    // Their periods ended a minute ago, and so did what their invoices cover: the next sweep renews them.
    const shift = `(SELECT current_period_end - (now() - interval '1 minute') FROM subscriptions s
                     WHERE s.service_provider_id = x.service_provider_id)`;
    await query(
      `UPDATE invoices x SET start_billing_cycle = start_billing_cycle - ${shift},
              end_billing_cycle = end_billing_cycle - ${shift}
        WHERE service_provider_id = ANY($1::uuid[])`,
      [ids],
    );
    await query(
      `UPDATE subscriptions x SET current_period_start = current_period_start - ${shift},
              current_period_end = current_period_end - ${shift}
        WHERE service_provider_id = ANY($1::uuid[])`,
      [ids],
    );

    let running = true;
    const resets: { email: string; answered: boolean }[] = [];
    const asking = (async () => {
      // each reset from an address of its own, past any sign-in limit; one every 120 ms through the kill
      for (let i = 0; running && i < RESETS; i++) {
        const p = providers[i % RENEWING];
        const rc = client(`203.0.113.${40 + i}`);
        const res = await rc
          .request({
            method: 'POST',
            url: '/api/auth/forgot_password',
            headers: { 'content-type': 'application/json', 'idempotency-key': `reset-${i}` },
            payload: JSON.stringify({ email: p.email }),
          })
          .catch(() => null);
        resets.push({ email: p.email, answered: res?.statusCode === 200 });
        await sleep(120);
      }
    })();
    const sweeping = (async () => {
      while (running) {
        await queueSweep();
        await sleep(150);
      }
    })();

    await sleep(300);
    const killed = cluster.servers[1];
    killed.child.kill('SIGKILL');
    await killed.exited;
    const restartKilled = cluster.restart(1);
    await sleep(300);
    const stopped = cluster.servers[2];
    stopped.child.kill('SIGTERM');
    expect((await stopped.exited).code).toBe(0);
    await Promise.all([restartKilled, cluster.restart(2)]);
    running = false;
    await Promise.all([asking, sweeping]);
    expect(cluster.servers.every(isRunning)).toBe(true);

    // One sweep after it all; a sweep cut short by the kill stays active until it expires, and what it left
    // undone is this one's work.
    const [last] = await queueSweep();
    const stateOf = async (id: string) =>
      (await query<{ state: string }>('SELECT state FROM pgboss.job WHERE id = $1', [id]))[0]?.state;
    const deadline = Date.now() + 30_000;
    while ((await stateOf(last.id)) !== 'completed' && Date.now() < deadline) await sleep(200);
    expect(await stateOf(last.id)).toBe('completed');
    // the receipts it queued, sent
    while ((await jobsLeft('created', 'retry')) > 0 && Date.now() < deadline) await sleep(200);

    // Each renewal charged once: one sandbox charge, one renewal payment and invoice per provider.
    const charges = await query<{ customer: string; n: string }>(
      `SELECT customer, count(*) AS n FROM sandbox_charges GROUP BY customer`,
    );
    expect(charges.map((r) => Number(r.n))).toEqual(ids.map(() => 1));
    const payments = await query<{ service_provider_id: string; n: string }>(
      `SELECT service_provider_id, count(*) AS n FROM payments WHERE service_provider_id = ANY($1::uuid[])
        GROUP BY service_provider_id`,
      [ids],
    );
    // the checkout's payment and the renewal's
    expect(payments.map((r) => Number(r.n))).toEqual(ids.map(() => 2));
    const periods = await query<{ ends: string }>(
      `SELECT count(*) AS ends FROM subscriptions
        WHERE service_provider_id = ANY($1::uuid[]) AND current_period_end > now() + interval '27 days'`,
      [ids],
    );
    expect(Number(periods[0].ends)).toBe(RENEWING);
    const failedJobs = await query(
      `SELECT name FROM pgboss.job WHERE state = 'failed' UNION ALL SELECT name FROM pgboss.archive WHERE state = 'failed'`,
    );
    expect(failedJobs).toEqual([]);

    // Receipts. A server killed between a renewal's commit and the queueing of its receipt leaves the receipt to
    // the sweep, which queues again every paid invoice without one 15 minutes after its payment. That time is
    // moved here (the payments made 16 minutes earlier), and one more sweep runs. A receipt job the killed server
    // was running is retried when it expires. Then every receipt is sent.
    const receiptsSent = async () =>
      (
        await query<{ n: string; sent: string }>(
          `SELECT count(*) AS n, count(receipt_sent_on) AS sent FROM invoices
            WHERE service_provider_id = ANY($1::uuid[])`,
          [ids],
        )
      )[0];
    const before = await receiptsSent();
    await query(
      `UPDATE invoices SET paid_on = paid_on - interval '16 minutes'
        WHERE service_provider_id = ANY($1::uuid[]) AND receipt_sent_on IS NULL`,
      [ids],
    );
    const [recovery] = await queueSweep();
    // A receipt job the killed server held runs again once it expires (30 s), maintenance notices it (10 s) and its
    // retry delay and a poll pass (12 s): within a minute of the kill.
    const late = Date.now() + 75_000;
    while ((await stateOf(recovery.id)) !== 'completed' && Date.now() < late) await sleep(200);
    let after = await receiptsSent();
    while (after.sent !== after.n && Date.now() < late) {
      await sleep(200);
      after = await receiptsSent();
    }
    console.info(
      `cluster: ${resets.filter((r) => r.answered).length} of ${resets.length} resets answered; ` +
        `${charges.length} renewals charged; receipts sent ${before.sent} of ${before.n} after the kill, ` +
        `${after.sent} after the sweep that queues lost receipts`,
    );
    expect(Number(after.sent)).toBe(Number(after.n));

    // Each receipt mailed once; each reset mailed once where its request was answered, never twice.
    for (const p of providers) {
      const mails = mailsTo(t.config, p.email);
      expect(mails.filter((m) => /^Subject: .*receipt/im.test(m))).toHaveLength(2);
      const asked = resets.filter((r) => r.email === p.email);
      const resetMails = mails.filter((m) => /^Subject: Reset your password/m.test(m)).length;
      expect(resetMails).toBeGreaterThanOrEqual(asked.filter((r) => r.answered).length);
      expect(resetMails).toBeLessThanOrEqual(asked.length);
    }
  }, 180_000);
});
