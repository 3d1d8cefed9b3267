// A large CSV download (the numbers export, an import's error report) does not hold the server: other requests
// are answered while it is still being sent, and a client that goes away stops its paging. The server listens on
// a real socket and the client runs in a process of its own, so that it measures the server as a client outside
// would (on PGlite the database runs in the server's thread: a download that never lets the event loop turn holds
// every other request until its last byte).
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../helpers';
import { type Session, csvRows, providerSession } from './numbers-fixtures';

const ROWS = 20_000;

let t: TestApp;
let s: Session;
let port: number;
let importId: string;

beforeAll(async () => {
  t = await createTestApp();
  s = await providerSession(t);
  await t.db.query(
    `INSERT INTO numbers (service_provider_id, tn, voip_user, organization, assigned_on)
     SELECT $1, (2000000000 + g)::text, 'user ' || (g % 100), 'Org ' || (g % 10), date '2024-01-01'
       FROM generate_series(1, $2) g`,
    [s.p.spId, ROWS],
  );
  const [imp] = await t.db.query<{ id: string }>(
    `INSERT INTO number_imports (service_provider_id, filename, status, count, fail_count, completed_on)
     VALUES ($1, 'bad.csv', 'completed', $2, $2, now()) RETURNING id`,
    [s.p.spId, ROWS],
  );
  importId = imp.id;
  await t.db.query(
    `INSERT INTO number_import_errors (import_id, line, tn, reason)
     SELECT $1, g + 1, '2015550100', 'Duplicate of line 2 of this file' FROM generate_series(2, $2 + 1) g`,
    [importId, ROWS],
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/**
 * In a child process: starts downloading `url`; once its first bytes arrived, asks `probes` one after the other.
 * Answers when each probe was answered and when the download ended (ms since its start), and the bytes received.
 */
const CLIENT = `
const http = require('node:http');
const [port, token, url, ...probes] = process.argv.slice(1);
const headers = { authorization: 'Bearer ' + token };
const t0 = Date.now();
const out = { probes: [], bytes: 0, end: 0 };
const get = (path, onData) => new Promise((resolve, reject) => {
  http.get({ host: '127.0.0.1', port: Number(port), path, headers }, (res) => {
    res.on('data', (d) => onData && onData(d));
    res.on('end', () => resolve(res.statusCode));
    res.on('error', reject);
  }).on('error', reject);
});
let probing = null;
const download = get(url, (d) => {
  out.bytes += d.length;
  probing ??= (async () => {
    for (const p of probes) {
      const status = await get(p, () => undefined);
      out.probes.push({ path: p, status, at: Date.now() - t0 });
    }
  })();
}).then((status) => { out.status = status; out.end = Date.now() - t0; });
download.then(() => probing).then(() => console.log(JSON.stringify(out)), (e) => { console.error(e); process.exit(1); });
`;

interface Timeline {
  status: number;
  bytes: number;
  end: number;
  probes: { path: string; status: number; at: number }[];
}

function downloadWithProbes(url: string, probes: string[]): Promise<Timeline> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', CLIENT, String(port), s.token, url, ...probes], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += String(d)));
    child.stderr.on('data', (d) => (err += String(d)));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as Timeline) : reject(new Error(err))));
  });
}

const PROBES = ['/api/health', `/api/service_provider/tn/assigned?range=${encodeURIComponent('[0,9]')}`];

describe('while a large CSV is being downloaded', () => {
  it('the health check and the number listing are answered before the export of every number ends', async () => {
    const seen = await downloadWithProbes('/api/service_provider/tn/assigned/export', PROBES);
    expect(seen.status).toBe(200);
    expect(seen.probes.map((p) => p.status)).toEqual([200, 200]);
    for (const p of seen.probes) expect(p.at, JSON.stringify(seen)).toBeLessThan(seen.end);
  }, 60_000);

  it('… and before the error report of an import with as many failed rows ends', async () => {
    const seen = await downloadWithProbes(
      `/api/service_provider/tn/import-history/${importId}/errors`,
      PROBES,
    );
    expect(seen.status).toBe(200);
    expect(seen.probes.map((p) => p.status)).toEqual([200, 200]);
    for (const p of seen.probes) expect(p.at, JSON.stringify(seen)).toBeLessThan(seen.end);
  }, 60_000);

  it('the files are whole: every row once, in order', async () => {
    const exported = csvRows((await s.get('/api/service_provider/tn/assigned/export')).body);
    expect(exported).toHaveLength(ROWS + 1);
    expect(exported[0]).toBe('tn,created_on,assigned_on,voip_user,organization');
    const tns = exported.slice(1).map((l) => l.split(',')[0]);
    expect(tns[0]).toBe('2000000001');
    expect(tns[ROWS - 1]).toBe(String(2000000000 + ROWS));
    expect(new Set(tns).size).toBe(ROWS);
    const report = csvRows((await s.get(`/api/service_provider/tn/import-history/${importId}/errors`)).body);
    expect(report).toHaveLength(ROWS + 1);
    expect(report[1].split(',')[0]).toBe('3');
    expect(report[ROWS].split(',')[0]).toBe(String(ROWS + 2));
  }, 60_000);

  it('a client that goes away after the first bytes stops the paging', async () => {
    const pages: number[] = [];
    const query = t.db.query.bind(t.db);
    t.db.query = ((sql: string, ...rest: unknown[]) => {
      if (sql.includes('FROM number_import_errors')) pages.push(Date.now());
      return (query as (...a: unknown[]) => unknown)(sql, ...rest);
    }) as typeof t.db.query;
    try {
      await new Promise<void>((resolve, reject) => {
        const req = http.get(
          {
            host: '127.0.0.1',
            port,
            path: `/api/service_provider/tn/import-history/${importId}/errors`,
            headers: { authorization: `Bearer ${s.token}` },
          },
          (res) => {
            res.once('data', () => {
              req.destroy();
              resolve();
            });
          },
        );
        req.on('error', () => undefined);
        setTimeout(() => reject(new Error('no bytes')), 10_000);
      });
      await new Promise((r) => setTimeout(r, 500));
      const asked = pages.length;
      await new Promise((r) => setTimeout(r, 500));
      expect(pages.length).toBe(asked);
      // the report holds 60 pages: far fewer were read
      expect(asked).toBeLessThan(20);
    } finally {
      t.db.query = query;
    }
  }, 30_000);
});
