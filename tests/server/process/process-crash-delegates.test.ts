// A crash in the middle of delegate certificate issuances (docs/delegates.md), as a process test: the real server is
// killed with SIGKILL while customers' delegates are being issued, then started again on the same database. A
// delegate is signed and recorded in one transaction, so nothing is left half-written: every delegate row is whole
// (its certificate, chain and numbers), each issuance answered before the kill is there, no number is held by two
// customers' live delegates, and each request sent again with its Idempotency-Key after the restart takes effect
// once. PostgreSQL only (the test reads the rows while the server runs).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../../server/src/config';
import { activeProvider, api, tokenOf } from '../billing/billing-fixtures';
import { createPostgresDatabase, usingPostgres } from '../helpers';
import {
  type ServerProcess,
  freePort,
  ready,
  remoteApp,
  spawnServer,
  stopServers,
  tempDataDir,
} from './process-fixtures';

/** Issuances fired at once, each for a customer and a block of its own. */
const CONCURRENT = 16;
const BLOCK = 100;

describe.skipIf(!usingPostgres)('a crash during delegate issuances', () => {
  let db: { url: string; drop: () => Promise<void> };
  let server: ServerProcess;
  const dataDir = tempDataDir();
  let env: Record<string, string>;
  const query = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) => {
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    try {
      return (await c.query<T>(sql, params)).rows;
    } finally {
      await c.end();
    }
  };

  beforeAll(async () => {
    db = await createPostgresDatabase(testDatabaseUrl()!, 'portal_crash_delegates');
    const port = await freePort();
    env = {
      NODE_ENV: 'development',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: db.url,
      STI_PA_SIM_ACCOUNTS: 'demo:demo-pass:*:ca',
      AUTH_RATE_LIMIT: '100000',
      STI_PA_RATE_LIMIT: '100000',
      // a repeat of a request still holding its key is told so (409) after 1 s instead of 10
      IDEMPOTENCY_WAIT_MS: '1000',
    };
    server = await spawnServer(env, { dataDir, port });
    await ready(server);
  }, 90_000);

  afterAll(async () => {
    await stopServers();
    await db?.drop();
  });

  it('leaves every delegate whole, and each request with its key takes effect once', async () => {
    const t = remoteApp(server);
    const p = await activeProvider(t);
    const token = await tokenOf(t, p);
    const http = api(t, token);
    const sca = await http.post('/api/service_provider/sti_sca', {
      sti_pa_username: 'demo',
      sti_pa_password: 'demo-pass',
    });
    expect(sca.json()).toMatchObject({ success: true });
    await query(
      `INSERT INTO numbers (service_provider_id, tn) SELECT $1, (2015000000 + g)::text FROM generate_series(0, $2 - 1) g`,
      [p.spId, CONCURRENT * BLOCK],
    );

    const requests = Array.from({ length: CONCURRENT }, (_, i) => ({
      key: `crash-delegate-${i}`,
      body: {
        customer_name: `Customer ${i}`,
        numbers: `${2015000000 + i * BLOCK}-${2015000000 + i * BLOCK + BLOCK - 1}`,
      },
    }));
    const send = (r: (typeof requests)[number], port: number) =>
      fetch(`http://127.0.0.1:${port}/api/service_provider/delegates`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'idempotency-key': r.key,
        },
        body: JSON.stringify(r.body),
      });
    // All at once; the server is killed as the first answer comes back, the others in flight.
    const answered = new Map<string, string>();
    let killed = false;
    await Promise.all(
      requests.map(async (r) => {
        try {
          const res = await send(r, server.port);
          const body = (await res.json()) as { delegate?: { serial_number: string } };
          if (res.status === 201 && body.delegate) answered.set(r.key, body.delegate.serial_number);
        } catch {
          // no answer: the server was killed
        }
        if (!killed) {
          killed = true;
          server.child.kill('SIGKILL');
        }
      }),
    );
    await server.exited;
    const before = await query<{ n: string }>(
      `SELECT count(*) AS n FROM certificates WHERE kind = 'delegate'`,
    );
    console.info(
      `crash: ${answered.size} of ${CONCURRENT} delegate issuances answered before the kill, ` +
        `${before[0].n} recorded`,
    );

    server = await spawnServer(env, { dataDir, port: server.port });
    await ready(server);
    // Each request again with its key: answered from the first answer, or issued now, once. A request the kill cut
    // short holds its key for a minute from its start (it might still be running somewhere): until then its repeat
    // is told to come back (409), as a client would be.
    const deadline = Date.now() + 90_000;
    for (const r of requests) {
      let res = await send(r, server.port);
      while (res.status === 409 && Date.now() < deadline) {
        await new Promise((done) => setTimeout(done, 2_000));
        res = await send(r, server.port);
      }
      expect(res.status).toBe(201);
      const body = (await res.json()) as { delegate: { serial_number: string } };
      if (answered.has(r.key)) expect(body.delegate.serial_number).toBe(answered.get(r.key));
    }

    const rows = await query<{ serial_number: string; status: string; whole: boolean; customer: string }>(
      `SELECT c.serial_number, c.status, cu.name AS customer,
              (c.certificate_der IS NOT NULL AND c.chain_pem IS NOT NULL AND d.numbers IS NOT NULL) AS whole
         FROM certificates c
         LEFT JOIN delegate_certificates d ON d.certificate_id = c.id
         LEFT JOIN delegate_customers cu ON cu.id = d.customer_id
        WHERE c.kind = 'delegate'`,
    );
    expect(rows.every((r) => r.whole && r.status === 'issued')).toBe(true);
    // one certificate per customer: no request took effect twice
    expect(rows.map((r) => r.customer).sort()).toEqual(requests.map((r) => r.body.customer_name).sort());
    for (const serial of answered.values()) expect(rows.map((r) => r.serial_number)).toContain(serial);
    const shared = await query(
      `SELECT 1 FROM delegate_certificates a JOIN delegate_certificates b
          ON a.certificate_id < b.certificate_id AND a.customer_id <> b.customer_id AND a.numbers && b.numbers`,
    );
    expect(shared).toEqual([]);
    expect(
      (await remoteApp(server).app.inject({ method: 'GET', url: `/cr/${rows[0].serial_number}.pem` }))
        .statusCode,
    ).toBe(200);
  }, 240_000);
});
