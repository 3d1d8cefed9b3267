// The load of the verifier benches, in a process of its own (so that it shares neither the event loop nor the
// resident set of a server measured in the bench's process): CONNECTIONS keep-alive GETs in flight for `seconds`,
// each for a path drawn from a list, uniformly or by Zipf's law (rank r drawn with weight 1/r: a few certificates
// of busy callers fetched most, as verifiers' traffic is), every answer's status checked.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type Draw = 'one' | 'uniform' | 'zipf';

export interface LoadResult {
  rps: number;
  ok: number;
  failed: number;
}

const SCRIPT = `
const http = require('node:http');
const fs = require('node:fs');
const [port, pathsFile, draw, connections, seconds] = process.argv.slice(1);
const paths = fs.readFileSync(pathsFile, 'utf8').split('\\n').filter(Boolean);
const n = paths.length;
let pick = () => paths[(Math.random() * n) | 0];
if (draw === 'one') pick = () => paths[0];
if (draw === 'zipf') {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let r = 0; r < n; r++) cdf[r] = sum += 1 / (r + 1);
  pick = () => {
    const u = Math.random() * sum;
    let lo = 0, hi = n - 1;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (cdf[mid] < u) lo = mid + 1; else hi = mid; }
    return paths[lo];
  };
}
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(connections) });
const end = Date.now() + Number(seconds) * 1000;
let ok = 0, failed = 0;
function one() {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port: Number(port), path: pick(), agent }, (res) => {
      if (res.statusCode === 200) ok++; else failed++;
      res.resume();
      res.on('end', resolve);
    });
    req.on('error', () => { failed++; resolve(); });
  });
}
async function loop() { while (Date.now() < end) await one(); }
const started = Date.now();
Promise.all(Array.from({ length: Number(connections) }, loop)).then(() => {
  agent.destroy();
  process.stdout.write(JSON.stringify({ ok, failed, elapsed: (Date.now() - started) / 1000 }));
});
`;

/** Writes `paths` once to a file the load processes read. */
export function pathsFile(paths: string[]): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-paths-')), 'paths.txt');
  fs.writeFileSync(file, paths.join('\n'));
  return file;
}

export function drive(
  port: number,
  paths: string,
  draw: Draw,
  opts: { connections: number; seconds: number },
): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['-e', SCRIPT, String(port), paths, draw, String(opts.connections), String(opts.seconds)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`the load process exited with ${code}`));
      const m = JSON.parse(out) as { ok: number; failed: number; elapsed: number };
      resolve({ rps: m.ok / m.elapsed, ok: m.ok, failed: m.failed });
    });
  });
}
