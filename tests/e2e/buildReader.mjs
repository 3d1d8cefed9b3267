// Reads the server's build the way a starting server does, over and over, until `stop` exists: build/server
// resolved to its real folder, then main.mjs, every chunk it imports, and the migrations. Exits 1 at the first file
// missing (what a start meets as ERR_MODULE_NOT_FOUND), else prints how many whole reads it made.
import fs from 'node:fs';
import path from 'node:path';

const [link, stop] = process.argv.slice(2);
let reads = 0;
try {
  while (!fs.existsSync(stop)) {
    const dir = fs.realpathSync(link);
    const main = fs.readFileSync(path.join(dir, 'main.mjs'), 'utf8');
    const chunks = [...main.matchAll(/["']\.\/(chunks\/[^"']+\.mjs)["']/g)].map((m) => m[1]);
    if (chunks.length === 0) throw new Error('main.mjs imports no chunk');
    for (const chunk of chunks) fs.readFileSync(path.join(dir, chunk));
    for (const f of fs.readdirSync(path.join(dir, 'migrations')))
      fs.readFileSync(path.join(dir, 'migrations', f));
    reads++;
  }
} catch (e) {
  console.error(`after ${reads} whole reads: ${e.message}`);
  process.exit(1);
}
console.log(reads);
