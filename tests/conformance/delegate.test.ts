// zlint on the STI-SCA and a delegate certificate (docs/delegates.md), built in-process as the CA layer makes them.
// zlint's ATIS-1000080 lints know only the provider's one-SPC certificate: the lints that fail on these profiles
// are listed here, each with why it does not apply (docs/conformance.md, "Delegate certificates"). Any other error,
// fatal or warning fails.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DelegateChain, delegateChain } from '../unit/ca-delegate-fixtures';
import { type LintReport, zlint, zlintPath } from './zlint';

/** The lints that contradict the delegate profiles by design, by object. */
const NOT_APPLICABLE: Record<'sti-sca' | 'delegate', Record<string, string>> = {
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

const FAILING = ['error', 'fatal', 'warn'];
const failingLints = (report: LintReport) =>
  Object.entries(report)
    .filter(([, r]) => FAILING.includes(r.result))
    .map(([name]) => name)
    .sort();

describe('zlint on the STI-SCA and a delegate certificate', () => {
  let c: DelegateChain;
  let dir: string;

  beforeAll(async () => {
    zlintPath();
    c = await delegateChain();
    dir = mkdtempSync(path.join(tmpdir(), 'zlint-delegate-'));
    writeFileSync(path.join(dir, 'sca.pem'), c.scaIssued.pem);
    writeFileSync(path.join(dir, 'delegate.pem'), c.delegate.pem);
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it.each(['sti-sca', 'delegate'] as const)('%s fails only the lints that do not apply to it', (kind) => {
    const report = zlint(path.join(dir, kind === 'sti-sca' ? 'sca.pem' : 'delegate.pem'));
    const applied = Object.values(report).filter((r) => r.result !== 'NA' && r.result !== 'NE');
    expect(applied.length).toBeGreaterThan(20);
    expect(failingLints(report)).toEqual(Object.keys(NOT_APPLICABLE[kind]).sort());
  });
});
