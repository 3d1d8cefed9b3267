// A crash in the middle of issuances, as a process test: the real server is killed with SIGKILL while many
// certificates are being generated, then started again on the same database and DATA_DIR. Recovery (at start and
// by its job) settles every row an interruption left pending once it is older than the grace: completed
// from what was signed (then published at its CR URL) or marked failed with its cause. Nothing stays pending, no
// serial is used twice, every issuance the client saw succeed stays issued, and issuance goes on afterwards.
// On PostgreSQL when TEST_DATABASE_URL is set (a database of its own, dropped afterwards), else on PGlite in DATA_DIR.
//
// Where the kill lands: the server reaches its STI-PA simulator at PUBLIC_URL, a proxy of this test in front of it,
// which in a round holds the simulator's SHAKEN CRL (the last thing an issuance fetches before it stores its
// intent) until every issuance asked for it, then lets them all go at once. From the first success on, the server
// is frozen (SIGSTOP) again and again a few ms apart and the database looked at; the first time it holds a pending
// row, the frozen server is killed (SIGKILL): the crash happens in exactly the state that was seen.
import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../../server/src/config';
import { openPglite } from '../../../server/src/db';
import { NOT_SIGNED_CAUSE } from '../../../server/src/certificates/recovery';
import { activeProvider, api, tokenOf } from '../billing/billing-fixtures';
import { type TestApp, createPostgresDatabase } from '../helpers';
import {
  type ServerProcess,
  exitWithin,
  freePort,
  isRunning,
  ready,
  remoteApp,
  spawnServer,
  stopServers,
  tempDataDir,
} from './process-fixtures';

const STIPA = { sti_pa_username: 'demo', sti_pa_password: 'demo-pass' };
/** Issuances fired at once in a round. */
const CONCURRENT = 24;
/** Rounds (issuances, then a kill), until one kills the server while a row is pending. */
const MAX_ROUNDS = 3;
/** In a round: how long the server is frozen and looked at, at most, and the longest it runs between two looks. */
const LOOK_BUDGET_MS = 30_000;
const MAX_STEP_MS = 16;
/** In a round: the longest the proxy holds the issuances' CRL answers, waiting for all of them. */
const HOLD_MS = 20_000;
/**
 * The servers' PENDING_GRACE_SECONDS, shorter than the default minute so that the test waits less for recovery.
 * It stays longer than anything in this test holds a request (the proxy's HOLD_MS, a round's LOOK_BUDGET_MS), so
 * no issuance still running is ever older than the grace.
 */
const GRACE_MS = Math.max(HOLD_MS, LOOK_BUDGET_MS) + 5_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface CertRow {
  serial_number: string;
  status: string;
  failure_cause: string | null;
  private_key_id: string;
}

/** The database the spawned servers run on: a fresh PostgreSQL database, or PGlite in their DATA_DIR. */
interface ServerDatabase {
  env: Record<string, string>;
  /** The certificate rows, read while no server holds the database (PGlite: from a copy of its folder). */
  certificates(): Promise<CertRow[]>;
  /** Something that changes whenever the database wrote (PGlite: its WAL files), or null to read each time. */
  writeMark(): string | null;
  drop(): Promise<void>;
}

const CERT_SQL = `SELECT serial_number, status, failure_cause, private_key_id::text AS private_key_id
                    FROM certificates ORDER BY created_on`;

async function postgresDatabase(url: string): Promise<ServerDatabase> {
  const created = await createPostgresDatabase(url, 'portal_crash');
  const dbUrl = created.url;
  return {
    env: { DATABASE_URL: dbUrl },
    writeMark: () => null,
    async certificates() {
      const c = new pg.Client({ connectionString: dbUrl });
      await c.connect();
      try {
        return (await c.query<CertRow>(CERT_SQL)).rows;
      } finally {
        await c.end();
      }
    },
    drop: created.drop,
  };
}

function pgliteDatabase(dataDir: string): ServerDatabase {
  return {
    env: {},
    writeMark() {
      const wal = path.join(dataDir, 'db', 'pg_wal');
      return fs
        .readdirSync(wal)
        .map((f) => {
          const st = fs.statSync(path.join(wal, f));
          return `${f}:${st.size}:${st.mtimeMs}`;
        })
        .join(',');
    },
    async certificates() {
      // A copy: the server's own folder is left as the crash left it, for the server to recover.
      const copy = path.join(tempDataDir(), 'db');
      fs.cpSync(path.join(dataDir, 'db'), copy, { recursive: true });
      const db = await openPglite(copy);
      try {
        return await db.query<CertRow>(CERT_SQL);
      } finally {
        await db.close();
        fs.rmSync(copy, { recursive: true, force: true });
      }
    },
    drop: async () => undefined,
  };
}

/** The simulator's SHAKEN CRL: an issuance's last call before it stores its intent; a round holds its answers back. */
const HELD_PATH = '/stipa-sim/api/v1/crl/shaken.crl';

/**
 * PUBLIC_URL: forwards every request to the server's port. While armed, answers to HELD_PATH are held until
 * `count` of them are waiting (or `ms` passed), then sent together.
 */
function startProxy(target: () => number) {
  let gate: { count: number; waiting: (() => void)[]; timer: NodeJS.Timeout } | null = null;
  const open = () => {
    if (!gate) return;
    clearTimeout(gate.timer);
    for (const go of gate.waiting) go();
    gate = null;
  };
  const proxy = createServer((req, res) => {
    const upstream = httpRequest(
      { host: '127.0.0.1', port: target(), method: req.method, path: req.url, headers: req.headers },
      (up) => {
        const chunks: Buffer[] = [];
        up.on('data', (c: Buffer) => chunks.push(c));
        up.on('end', () => {
          const send = () => {
            res.writeHead(up.statusCode ?? 502, up.headers);
            res.end(Buffer.concat(chunks));
          };
          if (!gate || req.url !== HELD_PATH) return send();
          gate.waiting.push(send);
          if (gate.waiting.length >= gate.count) open();
        });
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  return {
    listen: () =>
      new Promise<number>((r) =>
        proxy.listen(0, '127.0.0.1', () => r((proxy.address() as { port: number }).port)),
      ),
    arm(count: number, ms: number) {
      gate = { count, waiting: [], timer: setTimeout(open, ms) };
    },
    close: () => {
      open();
      proxy.closeAllConnections();
      return new Promise<void>((r) => proxy.close(() => r()));
    },
  };
}

interface Round {
  keys: string[];
  /** Key → serial of the issuances that answered success before the kill. */
  succeeded: Map<string, string>;
  /** Keys whose request had no answer when the kill was sent. */
  unanswered: string[];
  killedAt: number;
  /** The rows pending in the frozen server when it was killed. */
  pending: CertRow[];
  /** How many times the database of the frozen server was read. */
  looks: number;
}

let dataDir: string;
let port: number;
let proxy: ReturnType<typeof startProxy>;
let publicUrl: string;
let database: ServerDatabase;
let server: ServerProcess;
let t: TestApp;
let portal: ReturnType<typeof api>;
const rounds: Round[] = [];
let pendingAtKill: CertRow[] = [];

async function start(): Promise<void> {
  server = await spawnServer(
    {
      NODE_ENV: 'development',
      PUBLIC_URL: publicUrl,
      AUTH_RATE_LIMIT: '100000',
      STI_PA_RATE_LIMIT: '100000',
      PENDING_GRACE_SECONDS: String(GRACE_MS / 1000),
      ...database.env,
    },
    { port, dataDir },
  );
  await ready(server);
}

async function newKey(): Promise<string> {
  const res = await portal.post('/api/service_provider/generate_sti_priv_key');
  if (res.statusCode !== 201) throw new Error(`key: ${res.statusCode} ${res.body}`);
  return res.json().priv_key_uuid as string;
}

/**
 * CONCURRENT issuances at once, one per new key. From the first success on, the server is frozen and the database
 * read; it is killed frozen as soon as a row is pending, else let run a little more: a millisecond after a look that
 * saw something new, twice as long as the last time (up to MAX_STEP_MS) after one that did not. The kill comes
 * anyway once every request answered or LOOK_BUDGET_MS passed: a round that missed.
 */
async function crashRound(): Promise<Round> {
  const keys: string[] = [];
  for (let i = 0; i < CONCURRENT; i++) keys.push(await newKey());
  const succeeded = new Map<string, string>();
  const answered = new Set<string>();
  let killedAt = 0;
  let firstSuccess = () => undefined as void;
  const running = new Promise<void>((r) => (firstSuccess = r));
  proxy.arm(CONCURRENT, HOLD_MS);
  const requests = keys.map((key) =>
    portal.post('/api/service_provider/generate_sti_spc_cert', { ...STIPA, private_key_uuid: key }).then(
      (res) => {
        if (killedAt) return;
        answered.add(key);
        const body = res.statusCode === 200 ? res.json() : undefined;
        if (!body?.success) return;
        succeeded.set(key, body.certificate.serial_number as string);
        firstSuccess();
      },
      () => undefined, // the connection the kill cut
    ),
  );
  const allAnswered = Promise.all(requests);
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([running, allAnswered, new Promise((r) => (timer = setTimeout(r, 40_000)))]);
  clearTimeout(timer);
  const deadline = Date.now() + LOOK_BUDGET_MS;
  let rows: CertRow[] = [];
  let mark: string | null = null;
  let seen = '';
  let step = 1;
  let looks = 0;
  for (;;) {
    server.child.kill('SIGSTOP');
    // A statement the server sent just before it froze lands first (PostgreSQL runs it on its own).
    await sleep(20);
    const now = database.writeMark();
    if (now === null || now !== mark) {
      rows = await database.certificates();
      looks++;
    }
    mark = now;
    if (rows.some((c) => c.status === 'pending')) break;
    if (answered.size === CONCURRENT || Date.now() > deadline) break;
    const state = `${answered.size} ${rows.map((c) => c.status).join()}`;
    step = state === seen ? Math.min(step * 2, MAX_STEP_MS) : 1;
    seen = state;
    server.child.kill('SIGCONT');
    await sleep(step);
  }
  server.child.kill('SIGKILL');
  killedAt = Date.now();
  await allAnswered;
  const exit = await exitWithin(server, 10_000);
  expect(exit).toMatchObject({ signal: 'SIGKILL' });
  const unanswered = keys.filter((k) => !answered.has(k));
  const pending = rows.filter((c) => c.status === 'pending');
  return { keys, succeeded, unanswered, killedAt, pending, looks };
}

/** The key's certificates as the provider's list shows them. */
async function listOf(key: string) {
  const res = await portal.get(`/api/service_provider/sti_spc_cert/last/${key}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { serial_number: string; status: string; cr_path: string }[];
}

beforeAll(async () => {
  dataDir = tempDataDir();
  port = await freePort();
  proxy = startProxy(() => port);
  publicUrl = `http://127.0.0.1:${await proxy.listen()}`;
  const url = testDatabaseUrl();
  database = url ? await postgresDatabase(url) : pgliteDatabase(dataDir);
  await start();
  t = remoteApp(server, publicUrl);
  const p = await activeProvider(t);
  portal = api(t, await tokenOf(t, p));
}, 120_000);

afterAll(async () => {
  await stopServers();
  await proxy?.close();
  await database?.drop();
}, 30_000);

describe('a server killed with SIGKILL in the middle of issuances', () => {
  it('leaves no certificate pending after recovery, reuses no serial, and issues again', async () => {
    // Rounds until a kill caught at least one issuance between its intent and its record.
    for (let i = 0; i < MAX_ROUNDS && pendingAtKill.length === 0; i++) {
      if (!isRunning(server)) await start();
      const round = await crashRound();
      rounds.push(round);
      // What the next server finds.
      pendingAtKill = (await database.certificates()).filter((c) => c.status === 'pending');
      console.log(
        `crash round ${i + 1} (${testDatabaseUrl() ? 'PostgreSQL' : 'PGlite'}): ${round.succeeded.size} of ` +
          `${CONCURRENT} answered success before the kill, ${round.unanswered.length} unanswered; killed at ` +
          `look ${round.looks} (${round.pending.length} rows pending then), ${pendingAtKill.length} rows pending at restart`,
      );
      // A round whose kill came after every issuance had finished (a loaded machine answers them all between two
      // looks) caught nothing: the next round tries again.
    }
    expect(pendingAtKill.length).toBeGreaterThan(0);
    expect(rounds[rounds.length - 1].unanswered.length).toBeGreaterThan(0);

    // Rows are settled once older than the grace period: the start-up sweep of a server started after it does it.
    const last = rounds[rounds.length - 1];
    await sleep(Math.max(0, last.killedAt + GRACE_MS + 1_000 - Date.now()));
    await start();
    const keys = rounds.flatMap((r) => r.keys);
    const deadline = Date.now() + 30_000;
    let shown = (await Promise.all(keys.map(listOf))).flat();
    while (shown.some((c) => c.status === 'pending') && Date.now() < deadline) {
      await sleep(500);
      shown = (await Promise.all(keys.map(listOf))).flat();
    }

    // Every row is issued, with its certificate at its CR URL, or failed; none is pending.
    for (const c of shown) {
      expect(['issued', 'failed']).toContain(c.status);
      if (c.status !== 'issued') continue;
      const cr = await fetch(c.cr_path);
      expect(cr.status).toBe(200);
      const leaf = new X509Certificate((await cr.text()).split(/(?<=-----END CERTIFICATE-----)/)[0]);
      expect(leaf.serialNumber.toLowerCase().replace(/^0+/, '')).toBe(c.serial_number.replace(/^0+/, ''));
    }
    // What the client saw succeed before the kill stayed issued.
    for (const round of rounds)
      for (const [key, serial] of round.succeeded) {
        expect((await listOf(key)).find((c) => c.serial_number === serial)?.status).toBe('issued');
      }

    // Issuance goes on, with a serial never used before.
    const res = await portal.post('/api/service_provider/generate_sti_spc_cert', {
      ...STIPA,
      private_key_uuid: await newKey(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true });
    const fresh = res.json().certificate.serial_number as string;
    expect(shown.map((c) => c.serial_number)).not.toContain(fresh);

    // The database, once the server stopped: nothing pending, failures with their cause, serials unique.
    server.child.kill('SIGTERM');
    expect(await exitWithin(server, 12_000)).toMatchObject({ code: 0 });
    const rows = await database.certificates();
    const settled = rows.filter((r) => pendingAtKill.some((p) => p.serial_number === r.serial_number));
    console.log(
      `recovery: of ${pendingAtKill.length} pending at restart, ` +
        `${settled.filter((r) => r.status === 'issued').length} completed, ` +
        `${settled.filter((r) => r.status === 'failed').length} failed`,
    );
    expect(rows.filter((r) => r.status === 'pending')).toEqual([]);
    expect(settled).toHaveLength(pendingAtKill.length);
    for (const r of rows) {
      expect(['issued', 'failed']).toContain(r.status);
      if (r.status === 'failed') expect(r.failure_cause).toBe(NOT_SIGNED_CAUSE);
    }
    expect(new Set(rows.map((r) => r.serial_number)).size).toBe(rows.length);
    expect(rows.map((r) => r.serial_number)).toContain(fresh);
    expect(rows).toHaveLength(shown.length + 1);
  }, 300_000);
});
