// The real server as a process (server/src/main.ts on PGlite in a temporary DATA_DIR): a production start that
// would be a demo is refused, the HTTP timeouts close slow clients, and SIGTERM ends the process with code 0
// within 10 s, whatever connections are open and even when nobody reads its stdout any more.
import fs from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  START_TIMEOUT_MS,
  exitWithin,
  ready,
  spawnServer,
  stopServers,
  type ServerProcess as Server,
} from './process-fixtures';

/** A raw connection that writes `data` (maybe nothing) and reports what came back and when it closed. */
function rawSocket(port: number, data: string) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (d) => (received += d.toString()));
  socket.on('error', () => undefined);
  const connected = new Promise<void>((resolve) =>
    socket.once('connect', () => {
      if (data) socket.write(data);
      resolve();
    }),
  );
  const closed = new Promise<{ at: number; received: string }>((resolve) =>
    socket.once('close', () => resolve({ at: Date.now(), received })),
  );
  return { socket, connected, closed };
}

const HALF_REQUEST = 'GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ';

afterAll(stopServers);

describe('a production start', () => {
  it('is refused with one line naming the variables when it would run the demo', async () => {
    const server = await spawnServer({ NODE_ENV: 'production' }, { template: false });
    const exit = await exitWithin(server, 30_000);
    expect(exit).toMatchObject({ code: 1 });
    const lines = server.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Configuration error: NODE_ENV=production needs PAYMENTS=stripe .*STI_PA_URL/);
    expect(lines[0]).toContain('DEMO_MODE=true');
    expect(server.stdout).toBe('');
    // Refused before anything was written: no database, no keys.
    expect(fs.readdirSync(server.dataDir)).toEqual([]);
  }, 40_000);
});

describe('the server process', () => {
  // A declared demo in production with a 2 s header timeout, and a development start with the defaults.
  let demo: Server;
  let plain: Server;
  beforeAll(async () => {
    [demo, plain] = await Promise.all([
      spawnServer({ NODE_ENV: 'production', DEMO_MODE: 'true', HEADERS_TIMEOUT_SECONDS: '2' }),
      spawnServer({ NODE_ENV: 'development' }),
    ]);
    await Promise.all([ready(demo), ready(plain)]);
  }, START_TIMEOUT_MS + 10_000);

  it('starts in production as a declared demo, which says so and has the demo STI-PA account', async () => {
    const settings = await fetch(`http://127.0.0.1:${demo.port}/api/public/settings`);
    expect(await settings.json()).toMatchObject({ demo: true, payments: 'sandbox' });
    const sim = await fetch(`http://127.0.0.1:${demo.port}/stipa-sim/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: 'demo', password: 'demo-pass' }),
    });
    expect(sim.status).toBe(200);
  });

  it('closes a connection that sent nothing, or half a request, within the header timeout', async () => {
    const silent = rawSocket(demo.port, '');
    const half = rawSocket(demo.port, HALF_REQUEST);
    await Promise.all([silent.connected, half.connected]);
    const from = Date.now();
    const [a, b] = await Promise.all([silent.closed, half.closed]);
    // 2 s of header timeout, checked every second: closed within about 3 s, with 408.
    for (const closed of [a, b]) {
      expect(closed.at - from).toBeLessThan(4_500);
      expect(closed.received).toMatch(/^HTTP\/1\.1 408 /);
    }
  }, 15_000);

  it('ends within 10 s with code 0 on SIGTERM while 50 connections hang open', async () => {
    const sockets = Array.from({ length: 50 }, (_, i) => rawSocket(plain.port, i % 2 ? HALF_REQUEST : ''));
    await Promise.all(sockets.map((s) => s.connected));
    // Every connection is open and waiting (a request that is complete would have been answered).
    await new Promise((r) => setTimeout(r, 300));
    const from = Date.now();
    plain.child.kill('SIGTERM');
    const exit = await exitWithin(plain, 12_000);
    expect(exit).toMatchObject({ code: 0 });
    if (exit !== 'still running') expect(exit.at - from).toBeLessThan(10_000);
    await Promise.all(sockets.map((s) => s.closed));
  }, 20_000);

  it('ends with code 0 on SIGTERM after the reader of its stdout is gone', async () => {
    demo.child.stdout?.destroy();
    // Log lines now go to a closed pipe: a request's lines, then the shutdown's.
    const res = await fetch(`http://127.0.0.1:${demo.port}/api/health`);
    expect(res.status).toBe(200);
    const from = Date.now();
    demo.child.kill('SIGTERM');
    const exit = await exitWithin(demo, 12_000);
    expect(exit).toMatchObject({ code: 0 });
    if (exit !== 'still running') expect(exit.at - from).toBeLessThan(5_000);
  }, 20_000);
});
