// The load of the cluster bench, in a process of its own (so that it shares the event loop of neither the bench nor
// a server): CONNECTIONS kept-alive HTTP/1.1 connections over TLS to nginx (Node's https client offers no ALPN, so
// nginx's `ssl http2` listener speaks HTTP/1.1 to it), or with `h2` CONNECTIONS streams in flight on one HTTP/2
// connection (as a browser's tab sends them), each sending reads one after another, the paths in turn, with
// the signed-in provider's token; and optionally one loop of writes, a POST every WRITE_EVERY ms. Runs for `seconds`,
// or until stop() when none is given. Every answer's status is checked: 200 for a read, `write.status` for a write;
// anything else (another status, a reset connection) is a failure, counted by kind and cause.
import { spawn } from 'node:child_process';

export interface Tally {
  ok: number;
  failed: number;
}

export interface LoadResult {
  /** Reads answered 200 per second. */
  rps: number;
  read: Tally;
  write: Tally;
  /** `<kind> <status or error code>` → how many. */
  failures: Record<string, number>;
  /** HTTP/2 only: requests nginx refused on a connection it was ending, sent again on a new one. */
  retried: number;
  elapsed: number;
}

export interface LoadOptions {
  port: number;
  /** The CA (PEM) that signed nginx's certificate. */
  ca: string;
  token?: string;
  reads: string[];
  write?: { path: string; status: number; everyMs: number };
  connections: number;
  /** HTTP/2 (one connection) rather than HTTP/1.1 (CONNECTIONS connections). */
  h2?: boolean;
  /** 0: until stop(). */
  seconds: number;
}

const SCRIPT = `
const https = require('node:https');
const http2 = require('node:http2');
const o = JSON.parse(process.argv[1]);
const agent = new https.Agent({ keepAlive: true, maxSockets: o.connections + 1, ca: o.ca });
const auth = o.token ? { authorization: 'Bearer ' + o.token } : {};
const tally = { read: { ok: 0, failed: 0 }, write: { ok: 0, failed: 0 } };
const failures = {};
const fail = (kind, why) => {
  tally[kind].failed++;
  failures[kind + ' ' + why] = (failures[kind + ' ' + why] || 0) + 1;
};
let running = true;
if (o.seconds > 0) setTimeout(() => (running = false), o.seconds * 1000);
else process.stdin.on('end', () => (running = false)).resume();
// nginx ends an HTTP/2 connection after keepalive_requests (GOAWAY): a stream it refused was not processed, and is
// sent again on a new connection, as browsers do (counted as retried, not failed).
let session = null;
let retried = 0;
function h2(kind, method, path, status, headers, body, tries = 0) {
  return new Promise((resolve) => {
    const again = () => {
      retried++;
      resolve(h2(kind, method, path, status, headers, body, tries + 1));
    };
    let code = 0, error = null;
    let stream;
    try {
      if (!session || session.closed || session.destroyed) {
        const s = (session = http2.connect('https://127.0.0.1:' + o.port, { ca: o.ca }));
        s.on('error', () => undefined);
        s.on('goaway', () => { if (session === s) session = null; });
      }
      stream = session.request({ ':method': method, ':path': path, ...headers });
    } catch (err) {
      if (err.code === 'ERR_HTTP2_GOAWAY_SESSION' && tries < 3) { session = null; return again(); }
      fail(kind, err.code || err.message);
      return resolve();
    }
    stream.on('response', (h) => (code = Number(h[':status'])));
    stream.on('error', (err) => (error = err.code || err.message));
    stream.on('close', () => {
      if (!code && stream.rstCode === http2.constants.NGHTTP2_REFUSED_STREAM && tries < 3) return again();
      if (!error && code === status) tally[kind].ok++; else fail(kind, error || String(code || 'closed'));
      resolve();
    });
    stream.resume();
    stream.end(body);
  });
}
function one(kind, method, path, status) {
  const body = method === 'POST' ? '{}' : undefined;
  const headers = body ? { ...auth, 'content-type': 'application/json' } : auth;
  if (o.h2) return h2(kind, method, path, status, headers, body);
  return new Promise((resolve) => {
    const req = https.request({ host: '127.0.0.1', port: o.port, method, path, headers, agent }, (res) => {
      res.on('error', (err) => { fail(kind, err.code || err.message); resolve(); });
      res.on('end', () => {
        if (res.statusCode === status) tally[kind].ok++; else fail(kind, String(res.statusCode));
        resolve();
      });
      res.resume();
    });
    req.on('error', (err) => { fail(kind, err.code || err.message); resolve(); });
    req.end(body);
  });
}
async function reads(c) {
  for (let i = c; running; i++) await one('read', 'GET', o.reads[i % o.reads.length], 200);
}
async function writes() {
  while (running) {
    await one('write', 'POST', o.write.path, o.write.status);
    await new Promise((r) => setTimeout(r, o.write.everyMs));
  }
}
const started = Date.now();
const loops = Array.from({ length: o.connections }, (_, c) => reads(c));
if (o.write) loops.push(writes());
Promise.all(loops).then(() => {
  const elapsed = (Date.now() - started) / 1000;
  agent.destroy();
  if (session) session.close();
  process.stdout.write(JSON.stringify({ ...tally, failures, retried, elapsed }));
  process.exit(0);
});
`;

/** Starts the load; `result` resolves when it ended (after `seconds`, or after stop()). */
export function startLoad(opts: LoadOptions): { result: Promise<LoadResult>; stop(): void } {
  const child = spawn(process.execPath, ['-e', SCRIPT, JSON.stringify(opts)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  const result = new Promise<LoadResult>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`the load process exited with ${code}`));
      const m = JSON.parse(out) as Omit<LoadResult, 'rps'>;
      resolve({ ...m, rps: m.read.ok / m.elapsed });
    });
  });
  return { result, stop: () => child.stdin!.end() };
}
