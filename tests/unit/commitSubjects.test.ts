// A commit's subject is one line of at most 72 characters, its details in the body (CONTRIBUTING.md, Commits):
// checked on every commit made since the rule was set, so `git log --oneline` reads as a list.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The last commit before the rule: the older subjects stay as they were written. */
const RULE_SET_AFTER = '24ba1a0';
const MAX_SUBJECT = 72;

function git(...args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return null;
  }
}

// a copy of the sources without their history (an archive, a shallow clone) has nothing to check
const hasHistory = git('cat-file', '-e', `${RULE_SET_AFTER}^{commit}`) !== null;

describe.skipIf(!hasHistory)('commit subjects', () => {
  it(`are at most ${MAX_SUBJECT} characters since the rule was set`, () => {
    const log = git('log', '--format=%h %s', `${RULE_SET_AFTER}..HEAD`) ?? '';
    const long = log
      .split('\n')
      .filter(Boolean)
      .filter((line) => line.slice(line.indexOf(' ') + 1).length > MAX_SUBJECT);
    expect(long).toEqual([]);
  });
});
