// The portal as several servers behind a real proxy (docs/production.md, "Several servers"): three server processes on
// one PostgreSQL behind nginx running deploy/nginx/cluster.conf, reached over TLS and HTTP/2. A provider's whole flow,
// and an ACME issuance (acme-client, over HTTP/1.1), land on different servers; reads and CR fetches go on while one
// server is killed and another restarted (nginx fails the GETs over), and nothing is done twice; the STI-PA simulator's
// calls (a sign-in, then an SPC token with it) are answered by different servers; a sign-out through one
// server holds on the others within SESSION_CACHE_SECONDS; wrong passwords spread over the servers count against one
// limit per client address. Which server answered is read from nginx's log ($upstream_addr), not from the answers.
// PostgreSQL only (the embedded PGlite is one process's database), and skipped where /usr/sbin/nginx is absent.
import { webcrypto } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import * as acme from 'acme-client';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TN_AUTH_LIST_OID, x509 } from '../../../server/src/ca';
import { testDatabaseUrl } from '../../../server/src/config';
import { createStiPaClient } from '../../../server/src/integrations/stipa/client';
import { apiRequest, spkiFingerprint, tnDer } from '../acme/acme-fixtures';
import { type Provider, activeProvider, api, tokenOf } from '../billing/billing-fixtures';
import { login } from '../accounts/accounts-fixtures';
import { usingPostgres } from '../helpers';
import { issueCertificate, revoke } from '../process/live-server';
import { isRunning, stopServers } from '../process/process-fixtures';
import { type Cluster, NGINX, startCluster } from './cluster-fixtures';
import { type H2Client, clusterApp, h2Client } from './h2-client';

const hasNginx = fs.existsSync(NGINX);
if (!hasNginx) console.warn(`cluster: skipped, ${NGINX} is absent (apt-get install nginx-light)`);
if (!usingPostgres) console.warn('cluster: skipped, TEST_DATABASE_URL is not set (PostgreSQL only)');

const SESSION_CACHE_SECONDS = 1;
const AUTH_RATE_LIMIT = 8;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A CSR for a new P-256 key with the TNAuthList of `spc`, as an ACME client sends it (PEM). */
async function tnCsr(spc: string): Promise<string> {
  const algorithm = { name: 'ECDSA', namedCurve: 'P-256' };
  const keys = (await webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify'])) as CryptoKeyPair;
  const csr = await x509.Pkcs10CertificateRequestGenerator.create({
    name: `CN=SHAKEN ${spc}`,
    keys,
    signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' },
    extensions: [new x509.Extension(TN_AUTH_LIST_OID, false, tnDer(spc))],
  });
  return csr.toString('pem');
}

describe.skipIf(!hasNginx || !usingPostgres)('three servers behind nginx (deploy/nginx/cluster.conf)', () => {
  let cluster: Cluster;
  let provider: Provider;
  let token: string;
  const clients: H2Client[] = [];
  /** A client of its own address (X-Forwarded-For), so that each part's sign-ins count apart. */
  const client = (address: string) => {
    const c = h2Client(cluster.base, cluster.ca, address);
    clients.push(c);
    return c;
  };
  const appOf = (c: H2Client) => clusterApp(c, cluster.mailDir, cluster.base);
  /** How many requests each server (by index) answered from the `from`th logged on, the simulator's left out. */
  const answeredBy = (from: number) => {
    const counts = cluster.addresses.map(() => 0);
    for (const { request, upstream } of cluster.upstreams().slice(from))
      if (!request.includes(' /stipa-sim/'))
        for (const addr of upstream.split(', ')) {
          const i = cluster.addresses.indexOf(addr);
          if (i >= 0) counts[i]++;
        }
    return counts;
  };
  /** The STI-PA simulator's calls logged from the `from`th on (the servers' own, through nginx): path and server. */
  const simulatorCalls = (from: number) =>
    cluster
      .upstreams()
      .slice(from)
      .filter(({ request }) => request.includes(' /stipa-sim/'))
      .map(({ request, upstream }) => ({ request, server: cluster.addresses.indexOf(upstream) }));
  const query = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) => {
    const c = new pg.Client({ connectionString: cluster.dbUrl });
    await c.connect();
    try {
      return (await c.query<T>(sql, params)).rows;
    } finally {
      await c.end();
    }
  };

  beforeAll(async () => {
    cluster = await startCluster(testDatabaseUrl()!, {
      SESSION_CACHE_SECONDS: String(SESSION_CACHE_SECONDS),
      AUTH_RATE_LIMIT: String(AUTH_RATE_LIMIT),
    });
  }, 60_000);

  afterAll(async () => {
    for (const c of clients) c.close();
    await stopServers();
    await cluster?.stop();
  });

  it("walks a provider's flow with its requests landing on every server", async () => {
    const from = cluster.upstreams().length;
    const c = client('203.0.113.1');
    const t = appOf(c);
    provider = await activeProvider(t);
    token = await tokenOf(t, provider);
    const http = api(t, token);
    const { serial } = await issueCertificate(http);
    const cr = await c.request({ url: `/cr/${serial}.pem` });
    expect(cr.statusCode).toBe(200);
    expect(cr.body).toMatch(/^-----BEGIN CERTIFICATE-----/);
    await revoke(http, serial, 'key_compromise');
    const [row] = await query<{ status: string }>(
      'SELECT status FROM certificates WHERE serial_number = $1',
      [serial],
    );
    expect(row.status).toBe('revoked');
    // One HTTP/2 connection to nginx carried it all; nginx spread the requests over the three servers.
    expect(c.sessions()).toBe(1);
    const counts = answeredBy(from);
    console.info(`cluster: the flow's requests per server: ${counts.join(', ')}`);
    for (const n of counts) expect(n).toBeGreaterThan(0);
    // The issuance's STI-PA calls went through nginx like any other: the SPC token was asked of another server than
    // the one the sign-in was made on, which accepted its access token.
    const sim = simulatorCalls(from);
    const signIn = sim.find((c) => c.request.startsWith('POST ') && c.request.endsWith('/auth/login'));
    const spcToken = sim.find((c) => c.request.startsWith('POST ') && c.request.endsWith('/token'));
    const perServer = cluster.addresses.map((_, i) => sim.filter((c) => c.server === i).length);
    console.info(
      `cluster: the flow's STI-PA calls per server: ${perServer.join(', ')}; ` +
        `sign-in on ${signIn?.server}, SPC token on ${spcToken?.server}`,
    );
    expect(signIn && spcToken && signIn.server >= 0 && spcToken.server >= 0).toBe(true);
    expect(spcToken!.server).not.toBe(signIn!.server);
    // The servers saw the client's address through nginx (TRUST_PROXY), as the audit log records it.
    const audit = await query<{ actor_ip: string }>('SELECT DISTINCT actor_ip FROM audit_log');
    expect(audit.map((a) => a.actor_ip)).toEqual(['203.0.113.1']);
  });

  it('issues through ACME with its requests landing on different servers', async () => {
    const from = cluster.upstreams().length;
    let serial = '';
    const http = api(appOf(client('203.0.113.4')), token);
    const cred = (await http.post('/api/service_provider/acme/eab')).json() as Record<string, string>;
    const [{ ocn }] = await query<{ ocn: string }>('SELECT ocn FROM service_providers WHERE id = $1', [
      provider.spId,
    ]);
    const spc = ocn.toUpperCase();
    // acme-client speaks HTTP/1.1 over TLS to nginx, trusting the test CA for this test only.
    const agent = acme.axios.defaults.httpsAgent as unknown;
    acme.axios.defaults.httpsAgent = new https.Agent({ ca: cluster.ca });
    try {
      const accountKey = await acme.crypto.createPrivateEcdsaKey();
      const acmeClient = new acme.Client({
        directoryUrl: `${cluster.base}/acme/directory`,
        accountKey,
        externalAccountBinding: { kid: cred.key_id, hmacKey: cred.hmac_key },
      });
      await acmeClient.createAccount({ termsOfServiceAgreed: true });
      const identifier = { type: 'TNAuthList', value: Buffer.from(tnDer(spc)).toString('base64url') };
      const order = await acmeClient.createOrder({ identifiers: [identifier] });
      const [authz] = await acmeClient.getAuthorizations(order);
      // The SPC token from the STI-PA simulator, each call asked of the next server directly: the sign-in of one
      // server, the token of the second, the logout of the third.
      let next = 0;
      const simCalls: string[] = [];
      const stiPa = createStiPaClient({
        baseUrl: `http://${cluster.addresses[0]}/stipa-sim/api/v1`,
        fetch: (input, init) => {
          const url = new URL(input instanceof Request ? input.url : String(input));
          url.host = cluster.addresses[next++ % cluster.addresses.length];
          simCalls.push(`${url.pathname.split('/').pop()} on ${url.host}`);
          return fetch(url, init);
        },
      });
      const { token: tkauth } = await stiPa.getSpcToken({
        userId: 'demo',
        password: 'demo-pass',
        ocn: spc,
        atc: {
          tktype: 'TNAuthList',
          tkvalue: Buffer.from(tnDer(spc)).toString('base64'),
          ca: false,
          fingerprint: spkiFingerprint(accountKey),
        },
      });
      console.info(`cluster: the SPC token's STI-PA calls: ${simCalls.join(', ')}`);
      expect(next).toBe(3);
      await apiRequest(acmeClient, authz.challenges[0].url, { tkauth }, [200]);
      const finalized = await acmeClient.finalizeOrder(order, await tnCsr(spc));
      const chain = await acmeClient.getCertificate(finalized);
      serial = new x509.X509Certificate(chain.split(/(?=-----BEGIN CERTIFICATE-----)/)[0]).serialNumber;
    } finally {
      acme.axios.defaults.httpsAgent = agent;
    }
    const counts = answeredBy(from);
    console.info(`cluster: ACME requests per server: ${counts.join(', ')}`);
    expect(counts.filter((n) => n > 0).length).toBeGreaterThan(1);
    const rows = await query<{ status: string }>('SELECT status FROM certificates WHERE serial_number = $1', [
      serial.toLowerCase(),
    ]);
    expect(rows).toEqual([{ status: 'issued' }]);
  });

  it('answers reads and CR fetches while one server is killed and another restarted', async () => {
    const c = client('203.0.113.2');
    const http = api(appOf(c), token);
    const serials = [(await issueCertificate(http)).serial, (await issueCertificate(http)).serial];
    const expected = new Map<string, string>();
    for (const serial of serials)
      expected.set(`/cr/${serial}.pem`, (await c.request({ url: `/cr/${serial}.pem` })).body);
    const readUrl = '/api/service_provider/payments';
    const readBefore = (await http.get(readUrl)).body;
    const from = cluster.upstreams().length;

    let running = true;
    const tally = {
      ok: 0,
      failed: [] as string[],
      wrong: [] as string[],
      created: 0,
      createFailed: [] as string[],
    };
    const reads = [client('203.0.113.2'), client('203.0.113.2')].map(async (rc, n) => {
      const authorization = `Bearer ${token}`;
      for (let i = 0; running; i++) {
        const url = (i + n) % 2 ? readUrl : [...expected.keys()][i % expected.size];
        try {
          const res = await rc.request({ url, headers: { authorization } });
          if (res.statusCode !== 200) tally.failed.push(`${url}: ${res.statusCode}`);
          else if (res.body !== (expected.get(url) ?? readBefore)) tally.wrong.push(url);
          else tally.ok++;
        } catch (err) {
          tally.failed.push(`${url}: ${String(err)}`);
        }
      }
    });
    // POSTs alongside: nginx never sends one again, so a key is created once per answer at most.
    const creates = (async () => {
      while (running) {
        const res = await http.post('/api/service_provider/generate_sti_priv_key').catch(() => null);
        if (res?.statusCode === 201) tally.created++;
        else tally.createFailed.push(String(res?.statusCode ?? 'no answer'));
        await sleep(50);
      }
    })();

    await sleep(500);
    const killed = cluster.servers[1];
    killed.child.kill('SIGKILL');
    await killed.exited;
    const restartKilled = cluster.restart(1);
    await sleep(500);
    const stopped = cluster.servers[2];
    stopped.child.kill('SIGTERM');
    expect((await stopped.exited).code).toBe(0);
    await Promise.all([restartKilled, cluster.restart(2)]);
    await sleep(500);
    running = false;
    await Promise.all([...reads, creates]);

    const counts = answeredBy(from);
    console.info(
      `cluster: during the kill and restart ${tally.ok} reads answered right, ${tally.failed.length} failed, ` +
        `${tally.wrong.length} wrong; ${tally.created} keys created, ${tally.createFailed.length} creations failed (${tally.createFailed.join(', ')}); ` +
        `requests per server ${counts.join(', ')}`,
    );
    expect(tally.wrong).toEqual([]);
    // GETs are failed over by nginx: none is lost, not even one in flight on the killed server.
    expect(tally.failed).toEqual([]);
    expect(tally.ok).toBeGreaterThan(50);
    for (const n of counts) expect(n).toBeGreaterThan(0);
    expect(cluster.servers.every(isRunning)).toBe(true);

    // Nothing done twice: one audit entry per key and per certificate event, one key per creation answered.
    const doubled = await query(
      'SELECT action, subject FROM audit_log GROUP BY action, subject HAVING count(*) > 1',
    );
    expect(doubled).toEqual([]);
    const [keys] = await query<{ n: string }>('SELECT count(*) AS n FROM audit_log WHERE action = $1', [
      'key.created',
    ]);
    // The flow's key, the two above, and each created here (a failed creation may or may not have been done).
    expect(Number(keys.n)).toBeGreaterThanOrEqual(3 + tally.created);
    expect(Number(keys.n)).toBeLessThanOrEqual(3 + tally.created + tally.createFailed.length);
    const [certs] = await query<{ n: string; serials: string }>(
      'SELECT count(*) AS n, count(DISTINCT serial_number) AS serials FROM certificates',
    );
    // a count is a string from pg, or a number once the app's driver (server/src/db) set its parser in this worker
    expect([Number(certs.n), Number(certs.serials)]).toEqual([4, 4]);
    const subscriptions = await query('SELECT 1 FROM subscriptions WHERE service_provider_id = $1', [
      provider.spId,
    ]);
    expect(subscriptions).toHaveLength(1);
  }, 60_000);

  it('refuses a token signed out through one server on every server within SESSION_CACHE_SECONDS', async () => {
    const c = client('203.0.113.3');
    const t = appOf(c);
    const session = await tokenOf(t, provider);
    const authorization = `Bearer ${session}`;
    const direct = (i: number) =>
      fetch(`http://${cluster.addresses[i]}/api/service_provider/sti_priv_key`, {
        headers: { authorization },
      }).then(async (res) => (await res.arrayBuffer(), res.status));
    // Each server reads the session, and keeps its read.
    for (const i of [0, 1, 2]) expect(await direct(i)).toBe(200);
    const out = await c.request({ method: 'POST', url: '/api/auth/logout', headers: { authorization } });
    expect(out.statusCode).toBe(204);
    const signedOut = Date.now();
    // Each server's read of the session was at most SESSION_CACHE_SECONDS old; a second more for a loaded machine.
    const deadline = signedOut + SESSION_CACHE_SECONDS * 1000 + 1000;
    const refusedAfter = await Promise.all(
      [0, 1, 2].map(async (i) => {
        while ((await direct(i)) === 200 && Date.now() < deadline) await sleep(50);
        expect(await direct(i)).toBe(401);
        return Date.now() - signedOut;
      }),
    );
    console.info(`cluster: the signed-out token refused after ${refusedAfter.join(', ')} ms`);
    expect((await api(t, session).get('/api/service_provider/sti_priv_key')).statusCode).toBe(401);
  });

  it('counts wrong passwords sent to every server against one limit per client address', async () => {
    // Each server in turn, as nginx forwards them (nginx may still be leaving out a server restarted above, for
    // its fail_timeout): the address is the X-Forwarded-For the servers trust from a proxy on the loopback.
    const attempt = (i: number, password: string, address = '198.51.100.23') =>
      fetch(`http://${cluster.addresses[i % 3]}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({ email: provider.email, password }),
      }).then(async (res) => (await res.arrayBuffer(), res.status));
    for (let i = 0; i < AUTH_RATE_LIMIT; i++) expect(await attempt(i, 'wrong-password-1')).toBe(401);
    // The limit is reached on every server, even with the right password, and through nginx.
    for (const i of [0, 1, 2]) expect(await attempt(i, provider.password)).toBe(429);
    const c = client('198.51.100.23');
    expect((await login(appOf(c), provider.email, provider.password)).statusCode).toBe(429);
    // Another address is not limited: the servers tell clients apart by nginx's X-Forwarded-For.
    expect((await login(appOf(client('198.51.100.24')), provider.email, 'wrong-password-1')).statusCode).toBe(
      401,
    );
  });
});
