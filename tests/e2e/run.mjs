// Runs the browser flows (tests/e2e/*.e2e.ts) on Node's test runner against the built app.
// Each flow starts the real server (build/server/main.mjs) on its own port and data folder.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const dir = path.dirname(new URL(import.meta.url).pathname);
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.e2e.ts'))
  .sort()
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
