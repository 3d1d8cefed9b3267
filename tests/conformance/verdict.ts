// zlint's answers on the published objects, reduced to the findings that fail the conformance run.
import type { Artifact, Kind } from './fixtures';
import { type LintReport, type LintResult, SOURCES, lintSources, zlint } from './zlint';

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
 * Warnings accepted on purpose on what the portal publishes (errors and fatals never are). Each names the lint,
 * the kinds of objects it may appear on, and why it is not a defect of the portal (docs/conformance.md).
 */
export const ALLOWED: Allowed[] = [
  {
    lint: 'w_distribution_point_missing_ldap_or_uri',
    kinds: ['leaf'],
    reason:
      'zlint counts only http:// and ldap:// URIs; the leaf points at the STI-PA CRL (CRL_URL), which is https',
  },
];

/**
 * The lints that contradict the STI-SCA and delegate profiles by design, by object, each with why it does not
 * apply (docs/conformance.md, "Delegate certificates"). zlint's ATIS-1000080 lints know only the provider's
 * one-SPC certificate.
 */
export const DELEGATE_NOT_APPLICABLE: Record<'sti-sca' | 'delegate', Record<string, string>> = {
  'sti-sca': {
    e_atis_tn_auth_list_ca:
      'ATIS-1000080 forbids a TNAuthList on its CAs; ATIS-1000092 gives the STI-SCA one with the SPC, which RFC 9060 encompassment is checked against',
  },
  delegate: {
    e_atis_tn_auth_list:
      'it wants exactly one SPC entry; a delegate lists numbers and ranges (RFC 9060) and never an SPC',
    e_atis_tn_auth_list_spc_format: 'reads the one SPC entry a delegate does not have',
    e_atis_subject_cn_spc: 'compares the CN with the TNAuthList SPC a delegate does not have',
  },
};

/** The lints of one zlint report that failed (error, fatal or warn), sorted. */
export const failingLints = (report: LintReport): string[] =>
  Object.entries(report)
    .filter(([, r]) => FAILING.includes(r.result))
    .map(([name]) => name)
    .sort();

/** How many lints of one zlint report applied (neither NA nor NE). */
export const appliedCount = (report: LintReport): number =>
  Object.values(report).filter((r) => r.result !== 'NA' && r.result !== 'NE').length;

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
