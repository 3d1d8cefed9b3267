// deploy/nginx/portal.conf in front of the portal, on a real nginx (skipped where /usr/sbin/nginx is absent): a CR
// chain published to PUBLISH_DIR is answered from the folder with the portal's headers, a chain not there (yet)
// by the portal through the fallback, CRLs alike, and every other route by the portal.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { etagOf } from '../../../server/src/repository/cr';
import { DirectoryOrigin } from '../../../server/src/publishing/directory';
import { publishCrl } from '../../../server/src/publishing/jobs';
import {
  type LiveServer,
  freePort,
  issueCertificate,
  providerApi,
  startLiveServer,
} from '../process/live-server';

const NGINX = '/usr/sbin/nginx';
const hasNginx = fs.existsSync(NGINX);
if (!hasNginx) console.warn(`publishing-nginx: skipped, ${NGINX} is absent (apt-get install nginx-light)`);

/** The committed server block with this test's portal address, folder and port; fails if one is not found. */
function serverBlock(portalPort: number, publishDir: string, port: number): string {
  let conf = fs.readFileSync(path.resolve('deploy/nginx/portal.conf'), 'utf8');
  for (const [from, to] of [
    ['server 127.0.0.1:3000;', `server 127.0.0.1:${portalPort};`],
    ['root /var/lib/portal/publish;', `root ${publishDir};`],
    ['listen 80;', `listen 127.0.0.1:${port};`],
  ]) {
    expect(conf, `deploy/nginx/portal.conf holds "${from}"`).toContain(from);
    conf = conf.replace(from, to);
  }
  return conf;
}

describe.skipIf(!hasNginx)('nginx in front of the portal (deploy/nginx/portal.conf)', () => {
  let live: LiveServer;
  let work: string;
  let publishDir: string;
  let nginx: ChildProcess;
  let base: string;

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'publish-nginx-'));
    publishDir = path.join(work, 'publish');
    fs.mkdirSync(publishDir, { mode: 0o755 });
    fs.chmodSync(work, 0o755);
    live = await startLiveServer({ publishDir });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    fs.writeFileSync(
      path.join(work, 'portal.conf'),
      serverBlock(Number(new URL(live.url).port), publishDir, port),
    );
    const temp = (name: string) => `${name} ${path.join(work, name)};`;
    fs.writeFileSync(
      path.join(work, 'nginx.conf'),
      [
        'daemon off;',
        'master_process off;',
        `pid ${path.join(work, 'nginx.pid')};`,
        'error_log stderr;',
        'events {}',
        'http {',
        'access_log off;',
        ...[
          'client_body_temp_path',
          'proxy_temp_path',
          'fastcgi_temp_path',
          'uwsgi_temp_path',
          'scgi_temp_path',
        ].map(temp),
        `include ${path.join(work, 'portal.conf')};`,
        '}',
      ].join('\n'),
    );
    nginx = spawn(NGINX, ['-p', work, '-c', path.join(work, 'nginx.conf')], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    nginx.stderr!.on('data', (d: Buffer) => (errors += d.toString()));
    const deadline = Date.now() + 10_000;
    for (;;) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline || nginx.exitCode !== null) throw new Error(`nginx did not start: ${errors}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 60_000);

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((r) => nginx.once('exit', r));
      nginx.kill('SIGTERM');
      await exited;
    }
    await live?.close();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it('answers a published chain from the folder, and a missing one from the portal', async () => {
    const { serial } = await issueCertificate(await providerApi(live));
    const file = path.join(publishDir, 'cr', `${serial}.pem`);
    const deadline = Date.now() + 15_000;
    while (!fs.existsSync(file) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const portal = await fetch(`${live.url}/cr/${serial}.pem`);
    const pem = await portal.text();

    const hit = await fetch(`${base}/cr/${serial}.pem`);
    expect(hit.status).toBe(200);
    expect(await hit.text()).toBe(pem);
    expect(hit.headers.get('content-type')).toBe('application/pem-certificate-chain');
    expect(hit.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(hit.headers.get('x-content-type-options')).toBe('nosniff');
    // nginx's own validator (the file's time and size), not the portal's SHA-256: both are strong ETags.
    const etag = hit.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect((await fetch(`${base}/cr/${serial}.pem`, { headers: { 'if-none-match': etag } })).status).toBe(
      304,
    );

    // Not in the folder (its job has not run, or the folder is new): the portal answers, with its own headers.
    fs.rmSync(file);
    const miss = await fetch(`${base}/cr/${serial}.pem`);
    expect(miss.status).toBe(200);
    expect(await miss.text()).toBe(pem);
    expect(miss.headers.get('etag')).toBe(etagOf(pem));
    expect(miss.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    // An upper-case serial is the portal's to normalise; an unknown one its 404.
    expect((await fetch(`${base}/cr/${serial.toUpperCase()}.pem`)).status).toBe(200);
    expect((await fetch(`${base}/cr/${'0'.repeat(40)}.pem`)).status).toBe(404);
  });

  it('answers a CRL from the folder once published, from the portal before', async () => {
    const [{ id }] = await live.db.query<{ id: string }>('SELECT issuer_id AS id FROM crls LIMIT 1');
    fs.rmSync(path.join(publishDir, 'crl', `${id}.crl`), { force: true });
    const portal = await fetch(`${live.url}/crl/${id}.crl`);
    const der = Buffer.from(await portal.arrayBuffer());
    const miss = await fetch(`${base}/crl/${id}.crl`);
    expect(miss.status).toBe(200);
    expect(miss.headers.get('etag')).toBe(portal.headers.get('etag'));

    const origin = new DirectoryOrigin(publishDir);
    await publishCrl({ db: live.db, now: () => new Date(), origin }, id);
    const hit = await fetch(`${base}/crl/${id}.crl`);
    expect(hit.status).toBe(200);
    expect(Buffer.from(await hit.arrayBuffer()).equals(der)).toBe(true);
    expect(hit.headers.get('content-type')).toBe('application/pkix-crl');
    expect(hit.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(hit.headers.get('last-modified')).toBe(portal.headers.get('last-modified'));
    expect(hit.headers.get('etag')).not.toBe(portal.headers.get('etag'));
  });

  it('passes every other route to the portal', async () => {
    const res = await fetch(`${base}/api/health`);
    expect(res.status).toBe(200);
    expect((await fetch(`${base}/ca/root.pem`)).status).toBe(200);
  });
});
