// GET /metrics: request counters under the route's pattern, the state gauges read from the database, and who may
// read them (open outside production, the bearer token when set, nothing in production without one).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, activeProvider, tokenOf } from '../billing/billing-fixtures';
import { createTestApp, injectFetch, secondApp, type TestApp } from '../helpers';
import { importCsv, numberRows, providerSession } from '../numbers/numbers-fixtures';
import { buildMetricsServer } from '../../../server/src/metrics';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ stiPaFetch: injectFetch(() => t.app) });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

async function scrape(app = t.app, headers: Record<string, string> = {}): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/metrics', headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
}

/** The value of one sample (`name{labels} value`), 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = m[2] ? m[2].split(',') : [];
    if (wanted.every((w) => have.includes(w)) && have.length === wanted.length) return Number(m[3]);
  }
  return 0;
}

describe('request metrics', () => {
  it('count each answer under its route pattern and status, with its duration', async () => {
    const before = await scrape();
    const pattern = { method: 'DELETE', route: '/api/service_provider/sti_priv_key/:uuid', status: '401' };
    const countBefore = sample(before, 'http_requests_total', pattern);
    for (let i = 0; i < 3; i++) {
      await t.app.inject({
        method: 'DELETE',
        url: `/api/service_provider/sti_priv_key/00000000-0000-4000-8000-00000000000${i}`,
      });
    }
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/no/such/page/tok-123' });
    const after = await scrape();
    expect(sample(after, 'http_requests_total', pattern)).toBe(countBefore + 3);
    expect(sample(after, 'http_request_duration_seconds_count', pattern)).toBe(countBefore + 3);
    expect(sample(after, 'http_request_duration_seconds_bucket', { ...pattern, le: '+Inf' })).toBe(
      countBefore + 3,
    );
    expect(
      sample(after, 'http_requests_total', { method: 'GET', route: '/api/health', status: '200' }),
    ).toBeGreaterThan(0);
    expect(
      sample(after, 'http_requests_total', { method: 'GET', route: 'not_found', status: '404' }),
    ).toBeGreaterThan(0);
    // the raw paths never become labels
    expect(after).not.toMatch(/00000000-0000|tok-123/);
  });
});

describe('state metrics', () => {
  it('report the waiting jobs by queue, the certificates issued and revoked, and the imports running', async () => {
    const before = await scrape();
    expect(before).toMatch(/^jobs_queued\{queue="[^"]+"\} \d+$/m);
    // pg-boss's own queue (scheduled work) is not one of the app's
    expect(before).not.toContain('__pgboss__');
    const issued0 = sample(before, 'certificates_issued_total');
    const revoked0 = sample(before, 'certificates_revoked_total');

    const p = await activeProvider(t);
    const http = api(t, await tokenOf(t, p));
    const key = await http.post('/api/service_provider/generate_sti_priv_key');
    expect(key.statusCode, key.body).toBe(201);
    const cert = await http.post('/api/service_provider/generate_sti_spc_cert', {
      sti_pa_username: 'demo',
      sti_pa_password: 'demo-pass',
      private_key_uuid: key.json().priv_key_uuid,
    });
    expect(cert.statusCode, cert.body).toBe(200);
    const afterIssue = await scrape();
    expect(sample(afterIssue, 'certificates_issued_total')).toBe(issued0 + 1);
    expect(sample(afterIssue, 'certificates_revoked_total')).toBe(revoked0);

    const revoked = await http.post(
      `/api/service_provider/revoke_sti_spc_cert/${cert.json().certificate.serial_number}`,
      {},
    );
    expect(revoked.statusCode, revoked.body).toBe(200);
    const afterRevoke = await scrape();
    expect(sample(afterRevoke, 'certificates_issued_total')).toBe(issued0 + 1);
    expect(sample(afterRevoke, 'certificates_revoked_total')).toBe(revoked0 + 1);

    // an import caught while it runs: its row says processing, as the job keeps it until the last batch
    expect(sample(afterRevoke, 'number_imports_running')).toBe(0);
    const done = await importCsv(
      await providerSession(t),
      ['tn,voip_user,organization,assigned_on', ...numberRows(1)].join('\n'),
    );
    await t.db.query(`UPDATE number_imports SET status = 'processing', heartbeat_on = now() WHERE id = $1`, [
      done.id,
    ]);
    expect(sample(await scrape(), 'number_imports_running')).toBe(1);
    await t.db.query(`UPDATE number_imports SET status = 'completed' WHERE id = $1`, [done.id]);
    expect(sample(await scrape(), 'number_imports_running')).toBe(0);
  }, 60_000);

  it('count the jobs waiting in a queue', async () => {
    const queue = 'metrics-test-queue';
    await t.app.jobs.work(queue, async () => undefined);
    await t.app.jobs.send(queue, {}, { startAfter: new Date(Date.now() + 3_600_000) });
    await t.app.jobs.send(queue, {}, { startAfter: new Date(Date.now() + 3_600_000) });
    expect(sample(await scrape(), 'jobs_queued', { queue })).toBe(2);
  });
});

describe('who may read /metrics', () => {
  const TOKEN = 'metrics-token-0123456789abcdef';

  it('with METRICS_TOKEN set: only a request with that bearer token', async () => {
    const guarded = await secondApp(t.db, { ...t.config, metricsToken: TOKEN });
    try {
      const none = await guarded.app.inject({ method: 'GET', url: '/metrics' });
      expect(none.statusCode).toBe(401);
      expect(none.headers['www-authenticate']).toBe('Bearer');
      expect(none.json().message).toBe('Authentication required');
      const wrong = await guarded.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}x` },
      });
      expect(wrong.statusCode).toBe(401);
      expect(await scrape(guarded.app, { authorization: `Bearer ${TOKEN}` })).toContain(
        'http_requests_total',
      );
    } finally {
      await guarded.close();
    }
  });

  it('in production without a token: not served (404), unless on METRICS_PORT, its own server', async () => {
    const production = { ...t.config, isProduction: true, demoMode: true };
    const closed = await secondApp(t.db, production);
    try {
      const res = await closed.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
    } finally {
      await closed.close();
    }
    const ownPort = await secondApp(t.db, { ...production, metricsPort: 9464 });
    const server = buildMetricsServer(ownPort.app.metrics, ownPort.config);
    try {
      expect((await ownPort.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
      await ownPort.app.inject({ method: 'GET', url: '/api/health' });
      const text = await scrape(server as unknown as TestApp['app']);
      expect(
        sample(text, 'http_requests_total', { method: 'GET', route: '/api/health', status: '200' }),
      ).toBe(1);
    } finally {
      await server.close();
      await ownPort.close();
    }
  });
});
