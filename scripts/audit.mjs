// npm audit of the lockfile, failing on any high or critical advisory (production and development dependencies
// alike: the build runs the latter). Exit 0: none; 1: at least one, listed; 3: the advisory service could not be
// asked (no network, a mirror without the audit endpoint): nothing is known either way, and it says so.
import { spawnSync } from 'node:child_process';

const run = spawnSync('npm', ['audit', '--json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  console.error(`audit: npm audit gave no JSON answer (exit ${run.status}):\n${run.stderr}`);
  process.exit(3);
}
if (!report.metadata) {
  const why = report.error?.summary || report.message || 'no vulnerability metadata in the answer';
  console.error(`audit: the advisory service could not be asked: ${why}`);
  console.error('audit: NOT AUDITED — run `npm run audit` where the registry answers audit requests');
  process.exit(3);
}
const counts = report.metadata.vulnerabilities;
const serious = Object.entries(report.vulnerabilities ?? {}).filter(([, v]) =>
  ['high', 'critical'].includes(v.severity),
);
console.log(
  `audit: ${counts.total} advisories (critical ${counts.critical}, high ${counts.high}, moderate ${counts.moderate}, ` +
    `low ${counts.low}) over ${report.metadata.dependencies.total} dependencies`,
);
for (const [name, v] of serious) {
  const via = v.via.map((x) => (typeof x === 'string' ? x : `${x.title} (${x.url})`)).join('; ');
  console.log(
    `  ${v.severity.padEnd(8)} ${name} ${v.range}: ${via}${v.fixAvailable ? '  [fix available]' : ''}`,
  );
}
process.exit(serious.length ? 1 : 0);
