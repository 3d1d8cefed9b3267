// zlint's answers on the published objects, reduced to the findings that fail the conformance run.
import type { Artifact, Kind } from './fixtures';
import { type LintResult, SOURCES, lintSources, zlint } from './zlint';

export interface Finding {
  label: string;
  kind: Kind;
  lint: string;
  result: LintResult;
  details: string;
}

/** A warning accepted on purpose: which lint, on which kinds of objects, and why. */
export interface Allowed {
  lint: string;
  kinds: Kind[];
  reason: string;
}

const FAILING: LintResult[] = ['error', 'fatal', 'warn'];

/**
 * The lint sources that judge each kind of object. The CRL signer (CA:FALSE, cRLSign only) is not an STI
 * certificate: zlint's ATIS-1000080 and US SHAKEN CP lints read every non-CA certificate as a provider's (they want
 * a TNAuthList, digitalSignature, a CRL distribution point), so it is judged by the RFC lints alone, as the
 * STI-PA's own CRL-signing certificate would be.
 */
const SHAKEN_SOURCES = ['ATIS1000080', 'US_SHAKEN_CP'];
export const SOURCES_OF: Record<Kind, string[]> = {
  leaf: SOURCES,
  intermediate: SOURCES,
  root: SOURCES,
  crl: SOURCES,
  'crl-signer': SOURCES.filter((s) => !SHAKEN_SOURCES.includes(s)),
};

/**
 * Every error, fatal and warn zlint reports on the artifacts (pass, NA, NE, info and notice are fine), and how
 * many lints applied (neither NA nor NE) to each artifact, by label.
 */
export function lintAll(artifacts: Artifact[]): { findings: Finding[]; applied: Map<string, number> } {
  const findings: Finding[] = [];
  const applied = new Map<string, number>();
  const sources = lintSources();
  for (const a of artifacts) {
    const report = Object.entries(zlint(a.file)).filter(([lint]) =>
      SOURCES_OF[a.kind].includes(sources.get(lint) ?? ''),
    );
    applied.set(a.label, report.filter(([, r]) => r.result !== 'NA' && r.result !== 'NE').length);
    for (const [lint, r] of report) {
      if (FAILING.includes(r.result)) {
        findings.push({ label: a.label, kind: a.kind, lint, result: r.result, details: r.details ?? '' });
      }
    }
  }
  return { findings, applied };
}

/** The findings that fail the run: errors and fatals always, warnings unless allowed for that kind. */
export function failing(findings: Finding[], allowed: Allowed[]): Finding[] {
  return findings.filter(
    (f) => f.result !== 'warn' || !allowed.some((a) => a.lint === f.lint && a.kinds.includes(f.kind)),
  );
}

/** A compact table: object, lint, result, details. */
export function table(findings: Finding[]): string {
  const rows = findings.map((f) => [f.label, f.lint, f.result, f.details]);
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i].length), 6));
  return rows.map((r) => r.map((c, i) => (i < 3 ? c.padEnd(widths[i]) : c)).join('  ')).join('\n');
}
