// Finds or builds zlint (the STIR/SHAKEN fork) for `npm run test:conformance` and prints its path:
// $ZLINT when set, else .zlint/zlint, else ../shared/conformance/build-zlint.sh .zlint when that script exists.
// Exits non-zero with a message when no zlint can be had. tests/conformance/zlint.ts looks in the same places.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const local = path.join(root, '.zlint', 'zlint');
const builder = path.resolve(root, '..', 'shared', 'conformance', 'build-zlint.sh');

function fail(message) {
  console.error(`zlint: ${message}`);
  process.exit(1);
}

function find() {
  if (process.env.ZLINT) {
    if (!fs.existsSync(process.env.ZLINT)) fail(`ZLINT=${process.env.ZLINT} does not exist`);
    return process.env.ZLINT;
  }
  if (fs.existsSync(local)) return local;
  if (!fs.existsSync(builder)) {
    fail(`no zlint: set ZLINT to the binary, put it at .zlint/zlint, or provide ${builder} to build it`);
  }
  console.error(`zlint: building with ${builder} (about a minute the first time)`);
  try {
    execFileSync('bash', [builder, path.join(root, '.zlint')], { stdio: ['ignore', 'ignore', 'inherit'] });
  } catch {
    fail(`${builder} failed`);
  }
  if (!fs.existsSync(local)) fail(`${builder} ran but ${local} is missing`);
  return local;
}

const zlint = find();
try {
  execFileSync(zlint, ['-list-lints-source'], { stdio: 'ignore' });
} catch {
  fail(`${zlint} does not run`);
}
console.log(zlint);
