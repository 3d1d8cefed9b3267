// Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every compressible file of the built
// web app, so that the server sends them as they are (@fastify/static's preCompressed) instead of compressing
// each answer again: the best ratio, paid once at build time. `npm run build` runs it after `vite build`.
//   node scripts/precompress.mjs [dir]   (dir: dist by default)
// A file under MIN_BYTES is left alone: its compressed copy would save less than the header costs. A copy that
// is not smaller than the file is not written either (the server then sends the file).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

export const COMPRESSIBLE = ['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest'];
export const MIN_BYTES = 1024;

function filesUnder(dir) {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    if (!entry.isFile()) return [];
    return [path.join(entry.parentPath, entry.name)];
  });
}

const ENCODINGS = [
  [
    '.br',
    (data) =>
      zlib.brotliCompressSync(data, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
  ],
  ['.gz', (data) => zlib.gzipSync(data, { level: 9 })],
];

/** Compresses the files of `dir`; returns what it wrote: per encoding, the files and their bytes before and after. */
export function precompress(dir) {
  const totals = { files: 0, bytes: 0, '.br': 0, '.gz': 0 };
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.includes(path.extname(file))) continue;
    const data = fs.readFileSync(file);
    if (data.length < MIN_BYTES) continue;
    totals.files += 1;
    totals.bytes += data.length;
    for (const [extension, compress] of ENCODINGS) {
      const compressed = compress(data);
      // a copy left from an earlier build of the same name would be served for the new file
      fs.rmSync(file + extension, { force: true });
      if (compressed.length >= data.length) continue;
      fs.writeFileSync(file + extension, compressed);
      totals[extension] += compressed.length;
    }
  }
  return totals;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? 'dist');
  if (!fs.existsSync(dir)) throw new Error(`${dir} is missing: run vite build first`);
  const t = precompress(dir);
  const kb = (n) => `${(n / 1000).toFixed(1)} kB`;
  console.log(
    `precompressed ${t.files} files of ${path.relative(process.cwd(), dir) || '.'}: ${kb(t.bytes)} -> ` +
      `${kb(t['.br'])} brotli, ${kb(t['.gz'])} gzip`,
  );
}
