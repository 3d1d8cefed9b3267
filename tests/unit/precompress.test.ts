// scripts/precompress.mjs as `npm run build` runs it: brotli and gzip copies of the built files worth compressing.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SCRIPT = `export const text = ${JSON.stringify('a sentence that repeats. '.repeat(200))};\n`;

describe('precompress', () => {
  let dist: string;
  const at = (...parts: string[]) => path.join(dist, ...parts);
  beforeAll(() => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
    fs.mkdirSync(at('assets'));
    fs.writeFileSync(at('assets', 'app-abc123.js'), SCRIPT);
    fs.writeFileSync(at('index.html'), `<!doctype html>${'<p>portal</p>'.repeat(100)}`);
    fs.writeFileSync(at('assets', 'small-abc123.js'), 'console.log(1);\n');
    fs.writeFileSync(at('assets', 'photo-abc123.png'), Buffer.alloc(4096, 7));
    // a copy left by an earlier build: replaced, never served for the new file
    fs.writeFileSync(at('assets', 'app-abc123.js.gz'), 'stale');
    execFileSync(process.execPath, ['scripts/precompress.mjs', dist]);
  });
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

  it('writes a brotli and a gzip copy of each script, style and page over 1 kB, in subfolders too', () => {
    expect(zlib.brotliDecompressSync(fs.readFileSync(at('assets', 'app-abc123.js.br'))).toString()).toBe(
      SCRIPT,
    );
    expect(zlib.gunzipSync(fs.readFileSync(at('assets', 'app-abc123.js.gz'))).toString()).toBe(SCRIPT);
    expect(fs.existsSync(at('index.html.br'))).toBe(true);
    expect(fs.existsSync(at('index.html.gz'))).toBe(true);
    expect(fs.statSync(at('assets', 'app-abc123.js.br')).size).toBeLessThan(SCRIPT.length / 10);
  });

  it('leaves small files and images alone', () => {
    const written = fs.readdirSync(at('assets'));
    expect(written).not.toContain('small-abc123.js.br');
    expect(written).not.toContain('small-abc123.js.gz');
    expect(written).not.toContain('photo-abc123.png.br');
    expect(written).not.toContain('photo-abc123.png.gz');
  });
});
