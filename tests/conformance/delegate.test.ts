// zlint on the STI-SCA and a delegate certificate (docs/delegates.md), built in-process as the CA layer makes them.
// zlint's ATIS-1000080 lints know only the provider's one-SPC certificate: the lints that fail on these profiles
// are DELEGATE_NOT_APPLICABLE (verdict.ts, shared with the test of the routes), each with why it does not apply
// (docs/conformance.md, "Delegate certificates"). Any other error, fatal or warning fails.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DelegateChain, delegateChain } from '../unit/ca-delegate-fixtures';
import { DELEGATE_NOT_APPLICABLE, appliedCount, failingLints } from './verdict';
import { zlint, zlintPath } from './zlint';

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
    expect(appliedCount(report)).toBeGreaterThan(20);
    expect(failingLints(report)).toEqual(Object.keys(DELEGATE_NOT_APPLICABLE[kind]).sort());
  });
});
