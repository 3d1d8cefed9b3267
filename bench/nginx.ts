// nginx for the benches, with the committed server block (deploy/nginx/portal.conf) as production includes it: only
// the portal's address, the folder and the listening address are replaced. Each instance runs in a folder of its own
// (its temp paths, its pid), in the foreground, one worker process per core as `worker_processes auto` gives.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startNginx as startProxy, stopNginx } from '../tests/server/cluster/cluster-proxy';

export { NGINX } from '../tests/server/cluster/cluster-proxy';

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

/**
 * Starts nginx with `serverBlock` in its http block (tests/server/cluster/cluster-proxy.ts writes its nginx.conf),
 * a worker per core, and waits until `probe` answers.
 */
export async function startNginx(serverBlock: string, port: number, probe: string): Promise<Nginx> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-nginx-'));
  fs.chmodSync(work, 0o755);
  fs.writeFileSync(path.join(work, 'server.conf'), serverBlock);
  const child = await startProxy(work, port, {
    include: [path.join(work, 'server.conf')],
    workers: 'auto',
    keepaliveRequests: 100_000,
  });
  const stop = async () => {
    await stopNginx(child);
    fs.rmSync(work, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}${probe}`);
      await res.arrayBuffer();
      if (res.ok) return { port, stop };
    } catch {
      // not answering yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx on ${port} did not answer ${probe}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
