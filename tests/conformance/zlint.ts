// The zlint binary (Martini Security's fork with the STIR/SHAKEN lints), found where scripts/zlint.mjs finds or
// builds it: $ZLINT, else .zlint/zlint. Runs it on PEM files and reads its JSON answer.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The zlint binary's path; throws with the way to get one when there is none. */
export function zlintPath(): string {
  const candidate = process.env.ZLINT || path.join(ROOT, '.zlint', 'zlint');
  if (!fs.existsSync(candidate)) {
    throw new Error(`no zlint at ${candidate}: run \`node scripts/zlint.mjs\` (or npm run test:conformance)`);
  }
  return candidate;
}

/**
 * The lint sources that apply to SHAKEN certificates and CRLs. CABF_BR, CABF_EV, CABF_SMIME_BR, Mozilla, Apple,
 * ETSI_ESI and Community are WebPKI rules that do not hold here and are left out: e.g. the CA/B Forum wants
 * cRLSign on a CA certificate, which ATIS-1000080 v005 forbids, and wants SANs and EKUs SHAKEN forbids.
 * (zlint's -includeSources refuses RFC3279 and RFC8813, so every lint runs and the answer is filtered by source.)
 */
export const SOURCES = ['ATIS1000080', 'US_SHAKEN_CP', 'RFC5280', 'RFC5480', 'RFC3279', 'RFC8813'];

export type LintResult = 'pass' | 'NA' | 'NE' | 'info' | 'notice' | 'warn' | 'error' | 'fatal';
export type LintReport = Record<string, { result: LintResult; details?: string }>;

let sourceOf: Map<string, string> | undefined;

/** Lint name → source, from `zlint -list-lints-json`. */
export function lintSources(): Map<string, string> {
  if (!sourceOf) {
    const out = execFileSync(zlintPath(), ['-list-lints-json'], {
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    });
    const lints = out
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as { name: string; source: string });
    sourceOf = new Map(lints.map((l) => [l.name, l.source]));
  }
  return sourceOf;
}

/** zlint on one PEM file (a certificate or a CRL): lint name → result, for the lints of SOURCES. */
export function zlint(file: string): LintReport {
  const out = execFileSync(zlintPath(), [file], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  const all = JSON.parse(out) as LintReport;
  const sources = lintSources();
  return Object.fromEntries(
    Object.entries(all).filter(([name]) => SOURCES.includes(sources.get(name) ?? '')),
  );
}
