// scripts/serverRelease.mjs: the server's build published as releases, build/server a link switched at once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';

interface ReleaseModule {
  publishRelease(buildDir: string, files: Map<string, Buffer>, template: string, now?: number): string;
  KEEP_REPLACED: number;
  KEEP_REPLACED_MS: number;
}
const MODULE = '../../scripts/serverRelease.mjs';
const { publishRelease, KEEP_REPLACED, KEEP_REPLACED_MS } = (await import(MODULE)) as ReleaseModule;

const HOUR = 3600 * 1000;
const build = (n: number) =>
  new Map([
    ['main.mjs', Buffer.from(`import "./chunks/app-${n}.mjs";\n`)],
    [`chunks/app-${n}.mjs`, Buffer.from(`export const n = ${n};\n`)],
    ['migrations/001_a.sql', Buffer.from('SELECT 1;\n')],
  ]);

let dir: string;
const at = (...parts: string[]) => path.join(dir, ...parts);
const current = () => fs.readlinkSync(at('server'));
const releases = () => fs.readdirSync(at('releases')).sort();
const template = (key: string) => fs.mkdirSync(at('pglite-templates', key), { recursive: true });

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-release-'));
});

describe('publishRelease', () => {
  it('writes a release whole, links build/server to it, and runs from it through the link', () => {
    template('t1');
    const release = publishRelease(dir, build(1), 't1');
    expect(current()).toBe(path.join('releases', path.basename(release)));
    expect(fs.readFileSync(at('server', 'chunks', 'app-1.mjs'), 'utf8')).toBe('export const n = 1;\n');
    expect(fs.readFileSync(at('server', 'migrations', '001_a.sql'), 'utf8')).toBe('SELECT 1;\n');
    expect(fs.realpathSync(at('server', 'pglite-template'))).toBe(
      fs.realpathSync(at('pglite-templates', 't1')),
    );
  });

  it('the same build again writes nothing and keeps the release', () => {
    template('t1');
    const first = publishRelease(dir, build(1), 't1');
    const stamp = fs.statSync(path.join(first, 'main.mjs')).mtimeMs;
    expect(publishRelease(dir, build(1), 't1')).toBe(first);
    expect(fs.statSync(path.join(first, 'main.mjs')).mtimeMs).toBe(stamp);
    expect(releases()).toEqual([path.basename(first)]);
  });

  it('a new build leaves the release it replaces as it was, for the servers still running from it', () => {
    template('t1');
    const first = publishRelease(dir, build(1), 't1');
    const second = publishRelease(dir, build(2), 't1');
    expect(current()).toBe(path.join('releases', path.basename(second)));
    expect(fs.readFileSync(path.join(first, 'chunks', 'app-1.mjs'), 'utf8')).toBe('export const n = 1;\n');
    expect(fs.existsSync(at('server', 'chunks', 'app-1.mjs'))).toBe(false);
  });

  it(`removes a replaced release a day after it was replaced, and beyond the ${10} most recent`, () => {
    template('t1');
    const now = Date.now();
    const first = publishRelease(dir, build(0), 't1', now);
    publishRelease(dir, build(1), 't1', now);
    // replaced just now: kept while a server may still run from it
    expect(fs.existsSync(first)).toBe(true);
    publishRelease(dir, build(2), 't1', now + KEEP_REPLACED_MS + HOUR);
    expect(fs.existsSync(first)).toBe(false);
    for (let n = 3; n < 3 + KEEP_REPLACED + 2; n++)
      publishRelease(dir, build(n), 't1', now + KEEP_REPLACED_MS + HOUR + n);
    expect(releases()).toHaveLength(KEEP_REPLACED + 1);
  });

  it('removes a template no release links to, and what a build that died left, once old', () => {
    template('t1');
    template('t2');
    fs.mkdirSync(at('releases', '.tmp-123-dead'), { recursive: true });
    const old = (Date.now() - 2 * HOUR) / 1000;
    fs.utimesSync(at('pglite-templates', 't1'), old, old);
    fs.utimesSync(at('releases', '.tmp-123-dead'), old, old);
    publishRelease(dir, build(1), 't2');
    expect(fs.readdirSync(at('pglite-templates'))).toEqual(['t2']);
    expect(releases().filter((r) => r.startsWith('.tmp-'))).toEqual([]);
  });

  it('sets aside a build/server folder of the layout before releases', () => {
    template('t1');
    fs.mkdirSync(at('server', 'chunks'), { recursive: true });
    fs.writeFileSync(at('server', 'main.mjs'), 'old');
    publishRelease(dir, build(1), 't1');
    expect(fs.lstatSync(at('server')).isSymbolicLink()).toBe(true);
    const aside = releases().find((r) => r.startsWith('previous-layout-'))!;
    expect(fs.readFileSync(at('releases', aside, 'main.mjs'), 'utf8')).toBe('old');
  });
});
