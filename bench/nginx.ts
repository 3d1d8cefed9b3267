// nginx for the benches, with the committed server block (deploy/nginx/portal.conf) as production includes it: only
// the portal's address, the folder and the listening address are replaced. Each instance runs in a folder of its own
// (its temp paths, its pid), in the foreground, one worker process per core as `worker_processes auto` gives.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const NGINX = '/usr/sbin/nginx';

export interface Nginx {
  port: number;
  stop(): Promise<void>;
}

/** deploy/nginx/portal.conf pointed at the portal on `portalPort`, serving `root`, listening on `port`. */
export function portalServerBlock(portalPort: number, root: string, port: number): string {
  let conf = fs.readFileSync(path.resolve('deploy/nginx/portal.conf'), 'utf8');
  for (const [from, to] of [
    ['server 127.0.0.1:3000;', `server 127.0.0.1:${portalPort};`],
    ['root /var/lib/portal/publish;', `root ${root};`],
    ['listen 80;', `listen 127.0.0.1:${port};`],
  ]) {
    if (!conf.includes(from)) throw new Error(`deploy/nginx/portal.conf no longer holds "${from}"`);
    conf = conf.replace(from, to);
  }
  return conf;
}

/** A server block answering the files of `root` as they are: the baseline of a static origin. */
export function staticServerBlock(root: string, port: number): string {
  return `server {\n  listen 127.0.0.1:${port};\n  root ${root};\n  etag on;\n}\n`;
}

/** A server block passing every request to `upstreamPort`, kept alive as deploy/nginx/portal.conf does. */
export function proxyServerBlock(upstreamPort: number, port: number): string {
  return [
    `upstream hello {\n  server 127.0.0.1:${upstreamPort};\n  keepalive 16;\n}`,
    `server {\n  listen 127.0.0.1:${port};`,
    '  location / {\n    proxy_pass http://hello;\n    proxy_http_version 1.1;\n    proxy_set_header Connection "";\n  }\n}\n',
  ].join('\n');
}

/** Starts nginx with `serverBlock` in its http block and waits until `probe` answers. */
export async function startNginx(serverBlock: string, port: number, probe: string): Promise<Nginx> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-nginx-'));
  fs.chmodSync(work, 0o755);
  fs.writeFileSync(path.join(work, 'server.conf'), serverBlock);
  const temp = (name: string) => `${name} ${path.join(work, name)};`;
  fs.writeFileSync(
    path.join(work, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes auto;',
      `pid ${path.join(work, 'nginx.pid')};`,
      'error_log stderr;',
      'events { worker_connections 1024; }',
      'http {',
      'access_log off;',
      'keepalive_requests 100000;',
      ...[
        'client_body_temp_path',
        'proxy_temp_path',
        'fastcgi_temp_path',
        'uwsgi_temp_path',
        'scgi_temp_path',
      ].map(temp),
      `include ${path.join(work, 'server.conf')};`,
      '}',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(NGINX, ['-p', work, '-c', path.join(work, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (d: Buffer) => (errors += d.toString()));
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}${probe}`);
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`nginx did not start: ${errors}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(work, { recursive: true, force: true });
    },
  };
}
