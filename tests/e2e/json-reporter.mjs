// A node:test reporter writing the totals in the shape .ci/summary.mjs reads.
export default async function* jsonReporter(source) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const failures = [];
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    if (event.data.details?.type === 'suite') continue;
    if (event.data.skip || event.data.todo) skipped++;
    else if (event.type === 'test:pass') passed++;
    else {
      failed++;
      failures.push({ name: event.data.name, error: String(event.data.details?.error?.message ?? '') });
    }
  }
  yield (
    JSON.stringify({ numPassedTests: passed, numFailedTests: failed, numPendingTests: skipped, failures }) +
    '\n'
  );
}
