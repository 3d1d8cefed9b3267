// The server's build bundles most packages (scripts/build-server.mjs): a bundled package that cannot run as part of
// an ES module (one that reads `__dirname`, or requires a file beside its own code, when it loads) fails only when
// its module loads. The browser flows load the modules of a start and of the screens they walk; this loads every
// module of the build, the ones the server loads on first use too (the Stripe gateway, the invoice PDF, the PKCS#11
// key store), in a process of its own.
import { execFileSync, spawn } from 'node:child_process';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import assert from 'node:assert/strict';
import { test } from 'node:test';

const CHUNKS = path.resolve('build/server/chunks');

test('every module of the server build loads', () => {
  const modules = fs.readdirSync(CHUNKS).filter((f) => f.endsWith('.mjs'));
  assert.ok(modules.length > 5, `expected the build's chunks in ${CHUNKS}`);
  const urls = modules.map((f) => pathToFileURL(path.join(CHUNKS, f)).href);
  // A fresh process: the test runner's own loader (tsx) must not stand in for Node's.
  const script = `for (const url of ${JSON.stringify(urls)}) await import(url);`;
  execFileSync(process.execPath, ['--input-type=module', '-e', script], { stdio: 'pipe' });
  const lazy = ['stripe', 'invoicePdf', 'pkcs11Store'];
  for (const name of lazy)
    assert.ok(
      modules.some((f) => f.startsWith(`${name}-`)),
      `no ${name} chunk`,
    );
});

// `npm run serve` builds before it starts: a second server started from the same folder while the first one builds
// must find one whole build (scripts/serverRelease.mjs). A reader reads the build as a start does, all the while
// the build runs three times.
test('a rebuild leaves build/server whole for a server starting from it meanwhile', async () => {
  const stop = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'build-reader-')), 'stop');
  const reader = spawn(process.execPath, ['tests/e2e/buildReader.mjs', 'build/server', stop], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  reader.stdout.on('data', (d: Buffer) => (out += d));
  reader.stderr.on('data', (d: Buffer) => (out += d));
  const exited = new Promise<number | null>((resolve) => reader.on('exit', resolve));
  try {
    for (let i = 0; i < 3; i++)
      execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'pipe' });
  } finally {
    fs.writeFileSync(stop, '');
  }
  assert.equal(await exited, 0, out);
  assert.ok(Number(out) > 0, `the reader made no whole read: ${out}`);
});
