// Three portal processes (server/src/main.ts, as process-fixtures.ts spawns it) on one fresh PostgreSQL database,
// behind a real nginx running deploy/nginx/cluster.conf as committed (the servers' addresses, the port, the
// certificate and the folder substituted), over TLS with a certificate of a throwaway CA made with openssl. The
// servers share what docs/operations.md says must be identical (JWT_SECRET, KEY_ENCRYPTION_KEY, and here the STI-PA
// simulator's keys and the sandbox's webhook secret, copied from one data folder) and, as SMTP would, one outbox.
// nginx logs each request's upstream address to a file of the test ($upstream_addr): which server answered.
// The servers have no PUBLISH_DIR and nginx's folder stays empty: every CR fetch misses it and reaches a server.
// The certificates, the server block, nginx and the servers' shared secrets are made as cluster-proxy.ts makes them
// (bench/cluster.ts makes its own cluster with them too).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPostgresDatabase } from '../helpers';
import { type ServerProcess, freePort, ready, spawnServer, tempDataDir } from '../process/process-fixtures';
import {
  clusterServerBlock,
  clusterServers,
  makeCertificates,
  readUpstreamLog,
  startNginx,
  stopNginx,
} from './cluster-proxy';

export { NGINX } from './cluster-proxy';

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
  const { env, dataDirs, mailDir } = await clusterServers({
    count: 3,
    base,
    caFile: path.join(work, 'ca.pem'),
    dbUrl: db.url,
    makeDir: tempDataDir,
    extraEnv,
  });
  const ports = await Promise.all(dataDirs.map(() => freePort()));
  const servers = await Promise.all(
    dataDirs.map(async (dataDir, i) => {
      const s = await spawnServer(env, { port: ports[i], dataDir });
      await ready(s);
      return s;
    }),
  );

  fs.writeFileSync(path.join(work, 'cluster.conf'), clusterServerBlock(work, ports, port, publishDir));
  const accessLog = path.join(work, 'access.log');
  const nginx = await startNginx(work, port, { include: [path.join(work, 'cluster.conf')], accessLog });
  cleanups.push(() => void nginx.kill('SIGKILL'));

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
    upstreams: () => readUpstreamLog(accessLog),
    async stop() {
      await stopNginx(nginx);
      await db.drop();
      fs.rmSync(work, { recursive: true, force: true });
    },
  };
}
