// What the cluster test (cluster-fixtures.ts) and the cluster bench (bench/cluster.ts) share: a throwaway CA and
// nginx's certificate made with openssl, deploy/nginx/cluster.conf as committed with only the addresses, the port,
// the certificate and the folder substituted, nginx started on it in a folder of its own, and the environment and
// data folders of servers that must share their secrets (docs/operations.md) and, as SMTP would, one outbox.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { loadSandboxWebhookSecret } from '../../../server/src/integrations/payments/sandbox/webhooks';
import { simulatorTrustAnchorPem } from '../../../server/src/integrations/stipa/simulator';

export const NGINX = '/usr/sbin/nginx';
/** How many servers deploy/nginx/cluster.conf names in `upstream portal` (127.0.0.1:3001 and on). */
export const COMMITTED_SERVERS = 3;

function openssl(cwd: string, ...args: string[]) {
  execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
}

/** A CA and a certificate for 127.0.0.1 and localhost signed by it, in `dir`: ca.pem, server.pem, server.key. */
export function makeCertificates(dir: string) {
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

/**
 * The committed server block with these addresses (certificates of makeCertificates in `work`): the upstream
 * servers are `ports` (1 to 3 of them; the committed lines past them are left out), nginx listens on `port`.
 * Throws if one of the substituted lines is not found. The built-in STI-PA simulator keeps its sign-ins in its
 * process, so its calls (a sign-in, then an SPC token with it) all go to the first server, as they would to the one
 * real STI-PA: an extra location, for tests and benches only.
 */
export function clusterServerBlock(work: string, ports: number[], port: number, publishDir: string): string {
  if (ports.length < 1 || ports.length > COMMITTED_SERVERS)
    throw new Error(`1 to ${COMMITTED_SERVERS} servers, not ${ports.length}`);
  let conf = fs.readFileSync(path.resolve('deploy/nginx/cluster.conf'), 'utf8');
  const upstream = (i: number) => `server 127.0.0.1:${3001 + i} `;
  const swaps: [string, string][] = [
    ...Array.from({ length: COMMITTED_SERVERS }, (_, i): [string, string] =>
      i < ports.length ? [upstream(i), `server 127.0.0.1:${ports[i]} `] : [upstream(i), '# left out: '],
    ),
    ['listen 443 ssl http2;', `listen 127.0.0.1:${port} ssl http2;`],
    ['/etc/ssl/portal/fullchain.pem;', `${path.join(work, 'server.pem')};`],
    ['/etc/ssl/portal/privkey.pem;', `${path.join(work, 'server.key')};`],
    ['root /var/lib/portal/publish;', `root ${publishDir};`],
  ];
  for (const [from, to] of swaps) {
    if (!conf.includes(from)) throw new Error(`deploy/nginx/cluster.conf no longer holds "${from}"`);
    conf = conf.replace(from, to);
  }
  return conf;
}

export interface NginxOptions {
  /** Files included in the http {} block. */
  include: string[];
  /** Each request's path and upstream ($upstream_addr) logged to this file; none when absent. */
  accessLog?: string;
  /** One process (the default), or a master and one worker per core as `worker_processes auto` gives. */
  workers?: 'one' | 'auto';
  /** Requests a client's kept-alive connection may carry (nginx closes it after 1000 by default). */
  keepaliveRequests?: number;
}

/** nginx in the foreground in `work` (its pid, temp folders and nginx.conf there); resolves once `port` accepts. */
export async function startNginx(work: string, port: number, opts: NginxOptions): Promise<ChildProcess> {
  const temp = (name: string) => `${name} ${path.join(work, name)};`;
  fs.writeFileSync(
    path.join(work, 'nginx.conf'),
    [
      'daemon off;',
      opts.workers === 'auto' ? 'worker_processes auto;' : 'master_process off;',
      `pid ${path.join(work, 'nginx.pid')};`,
      'error_log stderr crit;',
      opts.workers === 'auto' ? 'events { worker_connections 1024; }' : 'events {}',
      'http {',
      ...(opts.accessLog
        ? [
            "log_format upstream '$request_method $uri|$upstream_addr';",
            `access_log ${opts.accessLog} upstream;`,
          ]
        : ['access_log off;']),
      ...(opts.keepaliveRequests ? [`keepalive_requests ${opts.keepaliveRequests};`] : []),
      ...[
        'client_body_temp_path',
        'proxy_temp_path',
        'fastcgi_temp_path',
        'uwsgi_temp_path',
        'scgi_temp_path',
      ].map(temp),
      ...opts.include.map((file) => `include ${file};`),
      '}',
    ].join('\n'),
  );
  const nginx = spawn(NGINX, ['-p', work, '-c', path.join(work, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  nginx.stderr!.on('data', (d: Buffer) => (errors += d.toString()));
  const deadline = Date.now() + 10_000;
  while (!fs.existsSync(path.join(work, 'nginx.pid')) || !(await listening(port))) {
    if (Date.now() > deadline || nginx.exitCode !== null) {
      nginx.kill('SIGKILL');
      throw new Error(`nginx did not start: ${errors}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return nginx;
}

/** SIGTERM (nginx's fast shutdown), resolved once it exited. */
export async function stopNginx(nginx: ChildProcess): Promise<void> {
  if (nginx.exitCode !== null || nginx.signalCode !== null) return;
  const exited = new Promise((r) => nginx.once('exit', r));
  nginx.kill('SIGTERM');
  await exited;
}

export function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

export interface ClusterServers {
  /** What every server runs with (DATABASE_URL, PUBLIC_URL, the shared secrets, …), its port and folder apart. */
  env: Record<string, string>;
  /** One data folder per server, each with the same secrets and its outbox a link to `mailDir`'s. */
  dataDirs: string[];
  /** A data folder holding the outbox every server writes to. */
  mailDir: string;
}

/**
 * The environment and data folders of `count` servers on `dbUrl` behind nginx at `base`, whose certificate `caFile`
 * signed (the servers reach their STI-PA simulator and sandbox at PUBLIC_URL, through nginx, trusting it). One data
 * folder's secrets (the simulator's keys, the sandbox's webhook secret) are copied to each server's; folders come
 * from `makeDir`.
 */
export async function clusterServers(opts: {
  count: number;
  base: string;
  caFile: string;
  dbUrl: string;
  makeDir: () => string;
  extraEnv?: Record<string, string>;
}): Promise<ClusterServers> {
  const seed = opts.makeDir();
  await simulatorTrustAnchorPem(seed);
  loadSandboxWebhookSecret(seed);
  const mailDir = opts.makeDir();
  fs.mkdirSync(path.join(mailDir, 'outbox'));
  const dataDirs = Array.from({ length: opts.count }, () => {
    const dir = opts.makeDir();
    fs.cpSync(seed, dir, { recursive: true });
    fs.symlinkSync(path.join(mailDir, 'outbox'), path.join(dir, 'outbox'));
    return dir;
  });
  const env = {
    DATABASE_URL: opts.dbUrl,
    PUBLIC_URL: opts.base,
    TRUST_PROXY: 'loopback',
    JWT_SECRET: randomBytes(32).toString('hex'),
    KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    NODE_EXTRA_CA_CERTS: opts.caFile,
    STI_PA_RATE_LIMIT: '1000',
    ...opts.extraEnv,
  };
  return { env, dataDirs, mailDir };
}

/** Each request of nginx's access log (startNginx's `accessLog`), in order: its path and upstream (`a, b` when it
 * failed over). */
export function readUpstreamLog(file: string): { request: string; upstream: string }[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => {
      const [request, upstream] = l.split('|');
      return { request, upstream };
    });
}
