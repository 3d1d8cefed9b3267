// Runs the browser flows (tests/e2e/*.e2e.ts) on Node's test runner against the built app.
// Each flow starts the real server (build/server/main.mjs) on its own port and data folder.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const dir = path.dirname(new URL(import.meta.url).pathname);
// The longest flows first (about 85 s each here, against 20 to 50 s for the others), so that the three that run at
// once end together rather than one running alone at the end; the rest in name order.
const FIRST = ['provider-tools.e2e.ts', 'provider.e2e.ts'];
const rank = (f) => (FIRST.includes(f) ? FIRST.indexOf(f) : FIRST.length);
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.e2e.ts'))
  .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
  .map((f) => path.join('tests/e2e', f));
fs.mkdirSync('test-results', { recursive: true });
const res = spawnSync(
  'npx',
  [
    'tsx',
    '--test',
    '--test-concurrency=3',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=./tests/e2e/json-reporter.mjs',
    '--test-reporter-destination=test-results/e2e.json',
    ...files,
  ],
  { stdio: 'inherit' },
);
process.exit(res.status ?? 1);
