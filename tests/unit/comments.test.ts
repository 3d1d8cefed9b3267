// Comments and docs stand on their own: no line of a tracked source or document cites a document the repository
// does not hold (the product specification, the design notes, the API contract kept outside it) or a numbered
// issue. A rule is written where it applies, or pointed to in docs/ (docs/screens.md for the screens).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const CHECKED_FILE = /\.(ts|tsx|mjs|js|md|html)$/;

// Built from pieces, so that this file does not cite what it looks for.
const EXTERNAL_DOCS = ['SPEC', 'DESIGN', 'API', 'DOMAIN', 'STYLE'].map((name) => `\\b${name}\\.md\\b`);
const NUMBERED_ISSUE = '\\b[Ii]ssues? #?\\d+';
const CITATION = new RegExp([...EXTERNAL_DOCS, NUMBERED_ISSUE].join('|'));

function trackedFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  return listed
    .split('\0')
    .filter((file) => CHECKED_FILE.test(file) && !file.split('/').includes('node_modules'))
    .filter((file) => existsSync(join(ROOT, file)));
}

/** `file:line: text` for every line of `file` that cites. */
function citationsIn(file: string): string[] {
  return readFileSync(join(ROOT, file), 'utf8')
    .split('\n')
    .flatMap((line, index) => (CITATION.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : []));
}

describe('comments stand on their own', () => {
  const files = trackedFiles();

  it('finds the files it checks', () => {
    expect(files).toContain('tests/unit/comments.test.ts');
    expect(files).toContain('docs/screens.md');
  });

  it('matches the citations it is meant to find, and not their look-alikes', () => {
    const cite = (text: string) => CITATION.test(text);
    expect(cite(`see ${'SPEC'}.md §2`)).toBe(true);
    expect(cite(`the ${'API'}.md rows`)).toBe(true);
    expect(cite(`${'DESIGN'}.md, caching`)).toBe(true);
    expect(cite(`${'DOMAIN'}.md's table`)).toBe(true);
    expect(cite(`(${'issue'} 14)`)).toBe(true);
    expect(cite(`${'Issue'} 27: the notice`)).toBe(true);
    expect(cite('docs/api.md, Idempotency-Key')).toBe(false);
    expect(cite('the certificate issued 2 days ago')).toBe(false);
  });

  it('has no section-marker comment (`// ---- keys ----`): a comment says what the code does, or nothing', () => {
    const marker = /^\s*(\/\/|\/\*|\{\/\*)\s*-{3,}.*-{3,}/;
    expect(marker.test(`// ${'----'} keys ${'----'}`)).toBe(true);
    expect(marker.test('// a range -- not a marker')).toBe(false);
    const found = files
      .filter((file) => /\.(ts|tsx|mjs|js)$/.test(file))
      .flatMap((file) =>
        readFileSync(join(ROOT, file), 'utf8')
          .split('\n')
          .flatMap((line, index) => (marker.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
      );
    expect(found, `say what the code below does instead:\n${found.join('\n')}`).toEqual([]);
  });

  it('has no line citing an outside document or a numbered issue', () => {
    const found = files.flatMap(citationsIn);
    expect(found, `cite docs/ or say the rule instead:\n${found.join('\n')}`).toEqual([]);
  });
});
