// Three portal processes (server/src/main.ts, as process-fixtures.ts spawns it) on one fresh PostgreSQL database,
// behind a real nginx running deploy/nginx/cluster.conf as committed (the servers' addresses, the port, the
// certificate and the folder substituted), over TLS with a certificate of a throwaway CA made with openssl. The
// servers share what docs/operations.md says must be identical (JWT_SECRET, KEY_ENCRYPTION_KEY, and here the STI-PA
// simulator's keys and the sandbox's webhook secret, copied from one data folder) and, as SMTP would, one outbox.
// nginx logs each request's upstream address to a file of the test ($upstream_addr): which server answered.
// The servers have no PUBLISH_DIR and nginx's folder stays empty: every CR fetch misses it and reaches a server.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { loadSandboxWebhookSecret } from '../../../server/src/integrations/payments/sandbox/webhooks';
import { simulatorTrustAnchorPem } from '../../../server/src/integrations/stipa/simulator';
import { createPostgresDatabase } from '../helpers';
import { type ServerProcess, freePort, ready, spawnServer, tempDataDir } from '../process/process-fixtures';

export const NGINX = '/usr/sbin/nginx';

export interface Cluster {
  /** `https://127.0.0.1:<port>`: nginx, and every server's PUBLIC_URL. */
  base: string;
  /** The test CA's certificate (PEM), which signed nginx's. */
  ca: string;
  dbUrl: string;
  /** Where the servers' mail lands (each data folder's outbox is a link to it); a data folder holding it. */
  mailDir: string;
  servers: ServerProcess[];
  /** `127.0.0.1:<port>` of each server, as nginx logs it. */
  addresses: string[];
  /** Starts server `i` again on its port and data folder; resolves once it is ready. */
  restart(i: number): Promise<ServerProcess>;
  /** Each request nginx logged since the start, in order: its path and upstream (`a, b` when it failed over). */
  upstreams(): { request: string; upstream: string }[];
  stop(): Promise<void>;
}

function openssl(cwd: string, ...args: string[]) {
  execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
}

/** A CA and a certificate for 127.0.0.1 and localhost signed by it, in `dir`: ca.pem, server.pem, server.key. */
function makeCertificates(dir: string) {
  openssl(dir, 'ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', 'ca.key');
  openssl(
    dir,
    'req',
    '-x509',
    '-new',
    '-key',
    'ca.key',
    '-subj',
    '/CN=Cluster test CA',
    '-days',
    '2',
    '-out',
    'ca.pem',
  );
  openssl(dir, 'ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', 'server.key');
  openssl(dir, 'req', '-new', '-key', 'server.key', '-subj', '/CN=localhost', '-out', 'server.csr');
  fs.writeFileSync(path.join(dir, 'san.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  openssl(
    dir,
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    'san.ext',
    '-out',
    'server.pem',
  );
}

/** The committed server block with this test's addresses; fails if one of the substituted lines is not found. */
function serverBlock(work: string, ports: number[], port: number, publishDir: string): string {
  let conf = fs.readFileSync(path.resolve('deploy/nginx/cluster.conf'), 'utf8');
  const swaps: [string, string][] = [
    ...ports.map((p, i): [string, string] => [`server 127.0.0.1:${3001 + i} `, `server 127.0.0.1:${p} `]),
    ['listen 443 ssl http2;', `listen 127.0.0.1:${port} ssl http2;`],
    ['/etc/ssl/portal/fullchain.pem;', `${path.join(work, 'server.pem')};`],
    ['/etc/ssl/portal/privkey.pem;', `${path.join(work, 'server.key')};`],
    ['root /var/lib/portal/publish;', `root ${publishDir};`],
  ];
  for (const [from, to] of swaps) {
    expect(conf, `deploy/nginx/cluster.conf holds "${from}"`).toContain(from);
    conf = conf.replace(from, to);
  }
  return conf;
}

function startNginx(work: string): ChildProcess {
  const temp = (name: string) => `${name} ${path.join(work, name)};`;
  fs.writeFileSync(
    path.join(work, 'nginx.conf'),
    [
      'daemon off;',
      'master_process off;',
      `pid ${path.join(work, 'nginx.pid')};`,
      'error_log stderr crit;',
      'events {}',
      'http {',
      "log_format upstream '$request_method $uri|$upstream_addr';",
      `access_log ${path.join(work, 'access.log')} upstream;`,
      ...[
        'client_body_temp_path',
        'proxy_temp_path',
        'fastcgi_temp_path',
        'uwsgi_temp_path',
        'scgi_temp_path',
      ].map(temp),
      `include ${path.join(work, 'cluster.conf')};`,
      '}',
    ].join('\n'),
  );
  return spawn(NGINX, ['-p', work, '-c', path.join(work, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}

/** startCluster, which leaves no database, folder or nginx behind when it fails (the servers: stopServers()). */
export async function startCluster(serverUrl: string, extraEnv: Record<string, string>): Promise<Cluster> {
  const cleanups: (() => Promise<unknown> | void)[] = [];
  try {
    return await startClusterIn(serverUrl, extraEnv, cleanups);
  } catch (err) {
    for (const clean of cleanups.reverse()) await clean();
    throw err;
  }
}

async function startClusterIn(
  serverUrl: string,
  extraEnv: Record<string, string>,
  cleanups: (() => Promise<unknown> | void)[],
): Promise<Cluster> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cluster-'));
  cleanups.push(() => fs.rmSync(work, { recursive: true, force: true }));
  fs.chmodSync(work, 0o755);
  const publishDir = path.join(work, 'publish');
  fs.mkdirSync(publishDir, { mode: 0o755 });
  makeCertificates(work);
  const ca = fs.readFileSync(path.join(work, 'ca.pem'), 'utf8');
  const port = await freePort();
  const base = `https://127.0.0.1:${port}`;
  const db = await createPostgresDatabase(serverUrl, 'portal_cluster');
  cleanups.push(() => db.drop());

  // One data folder's secrets, copied to each server's; one outbox for all.
  const seed = tempDataDir();
  await simulatorTrustAnchorPem(seed);
  loadSandboxWebhookSecret(seed);
  const mailDir = tempDataDir();
  fs.mkdirSync(path.join(mailDir, 'outbox'));
  const dataDirs = [0, 1, 2].map(() => {
    const dir = tempDataDir();
    fs.cpSync(seed, dir, { recursive: true });
    fs.symlinkSync(path.join(mailDir, 'outbox'), path.join(dir, 'outbox'));
    return dir;
  });
  const env = {
    DATABASE_URL: db.url,
    PUBLIC_URL: base,
    TRUST_PROXY: 'loopback',
    JWT_SECRET: randomBytes(32).toString('hex'),
    KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    // The servers reach their STI-PA simulator and sandbox at PUBLIC_URL: through nginx, trusting the test CA.
    NODE_EXTRA_CA_CERTS: path.join(work, 'ca.pem'),
    STI_PA_RATE_LIMIT: '1000',
    ...extraEnv,
  };
  const ports = await Promise.all(dataDirs.map(() => freePort()));
  const servers = await Promise.all(
    dataDirs.map(async (dataDir, i) => {
      const s = await spawnServer(env, { port: ports[i], dataDir });
      await ready(s);
      return s;
    }),
  );

  fs.writeFileSync(path.join(work, 'cluster.conf'), serverBlock(work, ports, port, publishDir));
  const nginx = startNginx(work);
  cleanups.push(() => void nginx.kill('SIGKILL'));
  let errors = '';
  nginx.stderr!.on('data', (d: Buffer) => (errors += d.toString()));
  const deadline = Date.now() + 10_000;
  while (!fs.existsSync(path.join(work, 'nginx.pid')) || !(await listening(port))) {
    if (Date.now() > deadline || nginx.exitCode !== null) throw new Error(`nginx did not start: ${errors}`);
    await new Promise((r) => setTimeout(r, 50));
  }

  return {
    base,
    ca,
    dbUrl: db.url,
    mailDir,
    servers,
    addresses: ports.map((p) => `127.0.0.1:${p}`),
    async restart(i) {
      const s = await spawnServer(env, { port: ports[i], dataDir: dataDirs[i] });
      await ready(s);
      servers[i] = s;
      return s;
    },
    upstreams: () =>
      fs
        .readFileSync(path.join(work, 'access.log'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => {
          const [request, upstream] = l.split('|');
          return { request, upstream };
        }),
    async stop() {
      if (nginx.exitCode === null) {
        const exited = new Promise((r) => nginx.once('exit', r));
        nginx.kill('SIGTERM');
        await exited;
      }
      await db.drop();
      fs.rmSync(work, { recursive: true, force: true });
    },
  };
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}
