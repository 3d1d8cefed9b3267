// ATIS-1000080 / US SHAKEN CP conformance of everything the portal publishes, judged by zlint (Martini Security's
// fork with the STIR/SHAKEN lints): on the embedded default and with CRL_URL, a provider generates a key and a
// certificate, renews it, revokes the renewal, imports a key and gets a certificate on it, and an ACME client
// orders one for its own key; the end-entity
// certificates (from their CR URLs), the intermediate, the root and the CRL signer (/ca/…) and the CRLs the portal serves are
// linted. Any error or fatal fails; a warning fails unless ALLOWED (verdict.ts) lists it for that kind of
// object.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Artifact,
  type ConformanceApp,
  type Mode,
  collect,
  conformanceApp,
  exerciseProvider,
} from './fixtures';
import { ALLOWED, type Finding, failing, lintAll, table } from './verdict';
import { zlintPath } from './zlint';

describe.each<Mode>(['embedded', 'crl-url'])('zlint on what the portal publishes (%s)', (mode) => {
  let c: ConformanceApp;
  let artifacts: Artifact[];
  let findings: Finding[];
  let applied: Map<string, number>;

  beforeAll(async () => {
    zlintPath();
    c = await conformanceApp(mode);
    artifacts = await collect(c, await exerciseProvider(c.t));
    ({ findings, applied } = lintAll(artifacts));
  }, 120_000);
  afterAll(async () => {
    await c?.close();
  });

  it('collects the end-entity certificates, the intermediate, the root, the CRL signer and the portal’s CRLs', () => {
    const kinds = new Set(artifacts.map((a) => a.kind));
    expect([...kinds].sort()).toEqual(['crl', 'crl-signer', 'intermediate', 'leaf', 'root']);
    expect(artifacts.filter((a) => a.kind === 'leaf')).toHaveLength(4);
    // zlint read each one: at least one lint applied (neither NA nor NE) to every file.
    for (const a of artifacts) expect(applied.get(a.label), a.label).toBeGreaterThan(0);
  });

  it('has no error, fatal or unlisted warning', () => {
    const bad = failing(findings, ALLOWED);
    if (bad.length) expect.fail(`zlint findings:\n${table(bad)}`);
  });
});
