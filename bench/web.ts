// What a first visit to /login costs the browser, and how soon each signed-in screen shows its content, beside a
// baseline measured in the same run:
// - the built server (build/server/main.mjs) in a process of its own, on a database bench/webSeed.ts filled (one
//   account of each role, a row in every list), serving a copy of dist/ to which the bench adds the baseline:
//   /bench-baseline.html, a static page with one heading and one small script;
// - /login: each page loaded RUNS times in headless Chromium, each time in a fresh context (an empty cache);
//   printed: the JavaScript files the page loads, their bytes as the server sends them (brotli or gzip) and
//   decoded, and the Largest Contentful Paint (median), for both pages and as a ratio; then what a second
//   visit to /login downloads again (hashed assets are cached as immutable, so nothing but index.html);
// - every signed-in screen of every role (bench/webScreens.ts): reload to content and in-app navigation (a click
//   on its link to content), median of RUNS, beside the baseline page's reload.
// Goals: at most 200 kB of JavaScript gzipped on /login, LCP at most 1 s; a signed-in screen's content
// within 0.8 s of a reload.
// Run: npm run bench:web   (builds the web app and the server first; RUNS=5 by default, FILES=8 the largest
// files of /login listed; SCREENS=0 leaves the signed-in screens out, ROLES=admin,provider measures those roles'
// screens alone; CHROMIUM_PATH=/usr/bin/chromium)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { startServerProcess } from './serverProcess';
import { baselineReload, measureScreens } from './webScreens';
import { seedWorld } from './webSeed';

const RUNS = Number(process.env.RUNS ?? 5);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BASELINE_PAGE = '/bench-baseline.html';

interface JsFile {
  url: string;
  /** Body bytes as they crossed the wire (compressed when the server compressed them). */
  encoded: number;
  /** Bytes fetched over the network, headers included: 0 when the cache answered without asking. */
  transferred: number;
  decoded: number;
  encoding: string;
}

interface Visit {
  js: JsFile[];
  lcpMs: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** dist/ as built, plus the baseline page and its script (under 1 kB: the server sends it as it is). */
function webDirWithBaseline(): string {
  if (!fs.existsSync('dist/index.html')) throw new Error('dist/ is missing: npm run build');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-'));
  fs.cpSync('dist', dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'assets', 'bench-baseline-0123abcd.js'),
    "document.getElementById('note').textContent = 'The script ran.';\n",
  );
  fs.writeFileSync(
    path.join(dir, BASELINE_PAGE),
    `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><title>Baseline</title>
    <script type="module" src="/assets/bench-baseline-0123abcd.js"></script></head>
  <body><h1>SHAKEN CA Portal</h1><p id="note">A static page with one small script.</p></body>
</html>
`,
  );
  return dir;
}

/** The page's JavaScript (Resource Timing: sizes of what this page fetched) and its last LCP candidate. */
async function visit(context: BrowserContext, url: string): Promise<Visit> {
  const page = await context.newPage();
  const encodings = new Map<string, string>();
  page.on('response', (res) => encodings.set(res.url(), res.headers()['content-encoding'] ?? 'none'));
  // networkidle: the chunks the page imports after its first render are counted too
  await page.goto(url, { waitUntil: 'networkidle' });
  const measured = await page.evaluate(async () => {
    const lcpMs = await new Promise<number>((resolve) => {
      new PerformanceObserver((list) => {
        const entries = list.getEntries();
        resolve(entries[entries.length - 1].startTime);
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const js = performance
      .getEntriesByType('resource')
      .map((e) => e as PerformanceResourceTiming)
      .filter((e) => new URL(e.name).pathname.endsWith('.js'))
      .map((e) => ({
        url: e.name,
        encoded: e.encodedBodySize,
        decoded: e.decodedBodySize,
        transferred: e.transferSize,
      }));
    return { lcpMs, js };
  });
  await page.close();
  return {
    lcpMs: measured.lcpMs,
    js: measured.js.map((f) => ({ ...f, encoding: encodings.get(f.url) ?? 'cache' })),
  };
}

async function firstVisits(browser: Browser, url: string): Promise<Visit[]> {
  const visits: Visit[] = [];
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext();
    visits.push(await visit(context, url));
    await context.close();
  }
  return visits;
}

/** What a file weighs gzipped: its .gz copy from the build, or the file itself when it has none. */
function gzipBytes(webDir: string, url: string): number {
  const file = path.join(webDir, new URL(url).pathname);
  return fs.statSync(fs.existsSync(`${file}.gz`) ? `${file}.gz` : file).size;
}

function describe(label: string, visits: Visit[], webDir: string) {
  const last = visits[visits.length - 1];
  const encoded = last.js.reduce((sum, f) => sum + f.encoded, 0);
  const decoded = last.js.reduce((sum, f) => sum + f.decoded, 0);
  const gzip = last.js.reduce((sum, f) => sum + gzipBytes(webDir, f.url), 0);
  const encodings = [...new Set(last.js.map((f) => f.encoding))].join(', ');
  const lcpMs = median(visits.map((v) => v.lcpMs));
  console.log(
    `  ${label.padEnd(10)} ${String(last.js.length).padStart(3)} JS files  ` +
      `${kb(encoded).padStart(9)} sent (${encodings})  ${kb(gzip).padStart(9)} gzip  ` +
      `${kb(decoded).padStart(9)} decoded  LCP ${lcpMs.toFixed(0).padStart(5)} ms`,
  );
  return { encoded, gzip, decoded, lcpMs, files: last.js.length };
}

const webDir = webDirWithBaseline();
const world = await seedWorld();
const server = await startServerProcess({ ...world.env, WEB_DIST_DIR: webDir, LOG_LEVEL: 'warn' });
const origin = `http://127.0.0.1:${server.port}`;
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  // one visit first, not counted: the server's and the browser's own first-use costs
  const warmUp = await browser.newContext();
  await visit(warmUp, `${origin}/login`);
  await warmUp.close();
  const baseline = await firstVisits(browser, `${origin}${BASELINE_PAGE}`);
  const login = await firstVisits(browser, `${origin}/login`);

  console.log(
    `first visit (empty cache), median LCP of ${RUNS}, headless Chromium on ${os.cpus().length} cores:`,
  );
  const b = describe('baseline', baseline, webDir);
  const l = describe('/login', login, webDir);
  console.log(
    `  ratio      ${(l.files / b.files).toFixed(0)}x files, ${(l.encoded / b.encoded).toFixed(0)}x bytes sent, ` +
      `${(l.gzip / b.gzip).toFixed(0)}x gzip, ` +
      `LCP ${(l.lcpMs / b.lcpMs).toFixed(1)}x baseline`,
  );
  for (const f of login[login.length - 1].js
    .sort((x, y) => y.encoded - x.encoded)
    .slice(0, Number(process.env.FILES ?? 8))) {
    console.log(`    ${kb(f.encoded).padStart(9)}  ${new URL(f.url).pathname}`);
  }

  // a second visit in the same context: what is fetched again
  const context = await browser.newContext();
  await visit(context, `${origin}/login`);
  const again = await visit(context, `${origin}/login`);
  await context.close();
  const refetched = again.js.filter((f) => f.transferred > 0);
  console.log(
    `second visit to /login: ${refetched.length} of ${again.js.length} JS files asked of the server again ` +
      `(${kb(refetched.reduce((sum, f) => sum + f.transferred, 0))} transferred)`,
  );

  if (process.env.SCREENS !== '0') {
    const baselineMs = await baselineReload(browser, `${origin}${BASELINE_PAGE}`, RUNS);
    const screens = await measureScreens(browser, origin, world, RUNS);
    const ms = (x: number | null) => (x === null || !Number.isFinite(x) ? '-' : x.toFixed(0)).padStart(10);
    console.log(`signed-in screens, median of ${RUNS} in ms (goal: content within 800 ms of a reload):`);
    console.log(`  ${'baseline page'.padEnd(38)}${ms(baselineMs)}`);
    console.log(
      `  ${'role'.padEnd(9)}${'screen'.padEnd(29)}${'reload'.padStart(10)}${'navigation'.padStart(12)}` +
        `${'first API'.padStart(11)}${'last API'.padStart(10)}`,
    );
    for (const t of screens) {
      console.log(
        `  ${t.role.padEnd(9)}${t.path.padEnd(29)}${ms(t.reloadMs)}  ${ms(t.navigationMs)}` +
          ` ${ms(t.firstApiMs)}${ms(t.lastApiMs)}`,
      );
    }
    const reloadsMs = screens.map((t) => t.reloadMs);
    const over = screens.filter((t) => t.reloadMs > 800);
    console.log(
      `  reload to content: median ${median(reloadsMs).toFixed(0)} ms, slowest ${Math.max(...reloadsMs).toFixed(0)} ms, ` +
        `${(median(reloadsMs) / baselineMs).toFixed(1)}x the baseline page; ` +
        `${over.length ? `over 800 ms: ${over.map((t) => `${t.role} ${t.path}`).join(', ')}` : 'every screen within 800 ms'}`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(webDir, { recursive: true, force: true });
  fs.rmSync(world.dataDir, { recursive: true, force: true });
}
