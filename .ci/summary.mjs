// Adds up the JSON reports of the test runs and prints one closing line: "ci: N passed, N failed".
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? 'test-results';
let passed = 0;
let failed = 0;
let skipped = 0;
const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
for (const f of files) {
  const r = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed +=
    (r.numFailedTests ?? 0) + (r.numFailedTestSuites && !r.numFailedTests ? r.numFailedTestSuites : 0);
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  console.log(`ci: ${f}: ${r.numPassedTests ?? 0} passed, ${r.numFailedTests ?? 0} failed`);
}
if (!files.length) failed = 1;
console.log(`ci: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed || passed === 0 ? 1 : 0);
