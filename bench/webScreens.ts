// What a signed-in screen costs to show, for every screen of every role, on the data of bench/webSeed.ts:
// - reload to content: the screen opened once (its files cached, as a user's browser has them), then reloaded RUNS
//   times; from the navigation's start to its content in the page: the screen's heading, nothing loading (no
//   progress bar) in the content area, and its data (a row of the list, or a text only the data brings);
// - in-app navigation: from another screen of the role, a click on the screen's link (the sidebar's, the profile
//   button's) to the same content, RUNS times;
// - the baseline: the static page with one small script (bench/web.ts), reloaded RUNS times, to the script's text.
// Each time is the page's own clock (performance.now()), taken by an observer of the page's DOM at the frame the
// content first appears in; the median is printed. With each reload, when the first and the last answer of the API
// came (median, ms after the navigation's start): the waits before the first one are the scripts'.
import type { Browser, Page } from 'playwright-core';
import type { SeededWorld } from './webSeed';

type RoleName = 'provider' | 'reseller' | 'admin';

export interface Marker {
  /** The text of the screen's h1. */
  heading: string;
  /** A row in the content area's table body (a list's first row). */
  rows?: boolean;
  /** Text the content area holds once its data came. */
  text?: string;
}

export interface Screen {
  path: string;
  marker: Marker;
  /** The screen whose link to this one is clicked for the in-app navigation; none: no link leads here. */
  from?: string;
}

export interface ScreenTiming {
  role: RoleName;
  path: string;
  reloadMs: number;
  navigationMs: number | null;
  firstApiMs: number;
  lastApiMs: number;
}

const rows = (heading: string): Marker => ({ heading, rows: true });

/** The signed-in screens of each role (a list's detail pages are left out: they are a list's row away). */
export function screensOf(world: SeededWorld): Record<RoleName, Screen[]> {
  const provider = '/account/summary';
  const reseller = '/reseller/sp';
  const admin = '/admin/dashboard';
  return {
    provider: [
      {
        path: '/account/summary',
        marker: { heading: 'Account Summary', text: world.providerOcn },
        from: '/payment-listing',
      },
      {
        path: '/account/renewal',
        marker: { heading: 'Auto Renewal', text: 'Enable Auto Renewal' },
        from: provider,
      },
      { path: '/payment-listing', marker: rows('Payment Listing'), from: provider },
      { path: '/invoice-listing', marker: rows('Invoice Listing'), from: provider },
      { path: '/import-history', marker: rows('Import History'), from: provider },
      { path: '/number-listing', marker: rows('Number Listing') },
      { path: '/sti-certificate/certificate', marker: rows('Certificates'), from: provider },
      { path: '/sti-certificate/private-key', marker: rows('Private Key'), from: provider },
      { path: '/sti-certificate/acme', marker: rows('ACME'), from: provider },
      {
        path: '/profile',
        marker: { heading: 'My Profile', text: `OCN: ${world.providerOcn}` },
        from: provider,
      },
    ],
    reseller: [
      { path: '/reseller/sp', marker: rows('Companies'), from: '/reseller/payment-listing' },
      { path: '/reseller/sp-invite', marker: rows('Invite a Company'), from: reseller },
      { path: '/reseller/payment-listing', marker: rows('Payment Listing'), from: reseller },
      { path: '/profile', marker: { heading: 'My Profile', text: 'Change password' }, from: reseller },
    ],
    admin: [
      {
        path: '/admin/dashboard',
        marker: { heading: 'Dashboard', text: 'Active providers' },
        from: '/admin/resellers',
      },
      { path: '/admin/resellers', marker: rows('Resellers'), from: admin },
      { path: '/admin/service-provider', marker: rows('Service Providers'), from: admin },
      { path: '/admin/payment', marker: rows('Payments'), from: admin },
      { path: '/admin/invoice', marker: rows('Invoices'), from: admin },
      { path: '/admin/audit-log', marker: rows('Audit Log'), from: admin },
      { path: '/profile', marker: { heading: 'My Profile', text: 'Change password' }, from: admin },
    ],
  };
}

// A string, not a function: the compiled function would call the loader's helpers, which the page lacks.
// window.__content: `arm(marker)` starts watching for the marker (from a stored marker at each document's start),
// `at` is when it first matched (the frame it is painted in), `clickAt` the last click.
const WATCHER = `(() => {
  const state = { marker: null, at: null, clickAt: null };
  const matches = (m) => {
    if (!m.heading) {
      const el = document.querySelector(m.selector);
      return Boolean(el && el.textContent.includes(m.text));
    }
    const h1 = [...document.querySelectorAll('h1')].find((h) => h.textContent.trim() === m.heading);
    const main = document.getElementById('main-content');
    if (!h1 || !main || !main.contains(h1)) return false;
    if (main.querySelector('[role="progressbar"]')) return false;
    if (m.rows && !main.querySelector('tbody tr')) return false;
    if (m.text && !main.textContent.includes(m.text)) return false;
    return h1.checkVisibility();
  };
  const check = () => {
    if (!state.marker || state.found) return;
    if (matches(state.marker)) {
      state.found = true;
      requestAnimationFrame((t) => { state.at = t; });
    }
  };
  state.arm = (marker) => {
    state.marker = marker; state.at = null; state.found = false; state.clickAt = null;
    if (matches(marker)) throw new Error('the marker matches before the navigation: ' + JSON.stringify(marker));
  };
  const stored = sessionStorage.getItem('__contentMarker');
  if (stored) state.marker = JSON.parse(stored);
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  addEventListener('click', () => { state.clickAt = performance.now(); }, true);
  window.__content = state;
})();`;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function contentAt(page: Page, what: string): Promise<number> {
  try {
    await page.waitForFunction(
      () => (window as unknown as { __content: { at: number | null } }).__content.at !== null,
      null,
      {
        timeout: 20_000,
        polling: 50,
      },
    );
  } catch (error) {
    const text = await page.evaluate(() =>
      document.getElementById('main-content')?.textContent?.slice(0, 300),
    );
    throw new Error(`${what}: no content in 20 s at ${page.url()} (${text})`, { cause: error });
  }
  return page.evaluate(() => (window as unknown as { __content: { at: number } }).__content.at);
}

/** When the page's first API request started and its last answer before the content ended. */
async function apiTimes(
  page: Page,
  contentMs: number,
): Promise<{ first: number; last: number; detail: string[] }> {
  return page.evaluate((until) => {
    const api = performance
      .getEntriesByType('resource')
      .map((e) => e as PerformanceResourceTiming)
      .filter((e) => new URL(e.name).pathname.startsWith('/api/') && e.responseEnd <= until);
    return {
      // API_DETAIL=1: when each API request started and ended, to see what a screen waits for
      detail: [
        ...api.map(
          (e) => `${Math.round(e.startTime)}-${Math.round(e.responseEnd)} ${new URL(e.name).pathname}`,
        ),
        ...performance
          .getEntriesByType('resource')
          .map((e) => e as PerformanceResourceTiming)
          .filter((e) => e.initiatorType === 'script' || e.name.endsWith('.js'))
          .map(
            (e) =>
              `js ${Math.round(e.startTime)}-${Math.round(e.responseEnd)} ${Math.round(e.decodedBodySize / 1024)}k ${new URL(e.name).pathname.replace('/assets/', '')}`,
          ),
      ],
      first: Math.min(...api.map((e) => e.startTime)),
      last: Math.max(...api.map((e) => e.responseEnd)),
    };
  }, contentMs);
}

async function setMarker(page: Page, marker: Marker | { selector: string; text: string }) {
  await page.evaluate((m) => sessionStorage.setItem('__contentMarker', JSON.stringify(m)), marker);
}

/** `url` reloaded `runs` times after a first visit; the times to its marker and the API's first and last answer. */
async function reloads(
  page: Page,
  url: string,
  marker: Marker | { selector: string; text: string },
  runs: number,
) {
  await page.goto(url);
  await setMarker(page, marker);
  await page.reload();
  await contentAt(page, url);
  const times: { content: number; first: number; last: number }[] = [];
  for (let i = 0; i < runs; i++) {
    await page.reload();
    const content = await contentAt(page, url);
    const { detail, ...api } = await apiTimes(page, content);
    if (process.env.API_DETAIL)
      console.log(`    ${url} content ${Math.round(content)}: ${detail.join(' | ')}`);
    times.push({ content, ...api });
  }
  return {
    reloadMs: median(times.map((t) => t.content)),
    firstApiMs: median(times.map((t) => t.first)),
    lastApiMs: median(times.map((t) => t.last)),
  };
}

/** The visible link to a path; the profile's is in the user menu under the avatar, which is opened first. */
function linkTo(page: Page, path: string) {
  return {
    async click() {
      const link = page.locator(`a[href="${path}"]:visible`).first();
      if (!(await link.count())) await page.getByRole('button', { name: 'User menu' }).click();
      await link.click();
    },
  };
}

/** From `from`, a click on the link to `screen.path`, `runs` times: the times from the click to its marker. */
async function navigations(page: Page, origin: string, from: Screen, screen: Screen, runs: number) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    // stored for the next document: the watcher reads it at its start
    await setMarker(page, from.marker);
    await page.goto(`${origin}${from.path}`);
    await contentAt(page, from.path);
    await page.evaluate((m) => {
      sessionStorage.removeItem('__contentMarker');
      (window as unknown as { __content: { arm(m: Marker): void } }).__content.arm(m);
    }, screen.marker);
    await linkTo(page, screen.path).click();
    const at = await contentAt(page, `${from.path} -> ${screen.path}`);
    times.push(
      at -
        (await page.evaluate(
          () => (window as unknown as { __content: { clickAt: number } }).__content.clickAt,
        )),
    );
  }
  return median(times);
}

async function signIn(origin: string, account: { email: string; password: string }) {
  const res = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...account, remember: true }),
  });
  if (!res.ok) throw new Error(`sign-in of ${account.email}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { token: string; user: unknown };
}

/** The baseline page reloaded: from the navigation's start to its script's text. */
export async function baselineReload(browser: Browser, url: string, runs: number): Promise<number> {
  const context = await browser.newContext();
  await context.addInitScript(WATCHER);
  const page = await context.newPage();
  const { reloadMs } = await reloads(page, url, { selector: '#note', text: 'The script ran.' }, runs);
  await context.close();
  return reloadMs;
}

/**
 * PROFILE=<path>: one more reload of that screen under the browser's CPU profiler, printing where the main thread's
 * time went until the content showed: self time by script and by function, the largest first.
 */
async function profileReload(page: Page, path: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.reload();
  const content = await contentAt(page, path);
  const { profile } = (await cdp.send('Profiler.stop')) as {
    profile: {
      nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
      samples: number[];
      timeDeltas: number[];
    };
  };
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const byScript = new Map<string, number>();
  const byFunction = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id);
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const script = frame?.url ? frame.url.replace(/^.*\//, '') : `(${frame?.functionName || 'native'})`;
    const fn = `${frame?.functionName || '(anonymous)'} ${script}:${frame?.lineNumber ?? 0}`;
    byScript.set(script, (byScript.get(script) ?? 0) + ms);
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
  });
  const top = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `      ${v.toFixed(1).padStart(7)} ms  ${k}`)
      .join('\n');
  console.log(
    `    profile of ${path}, content at ${Math.round(content)} ms\n${top(byScript, 15)}\n    functions:\n${top(byFunction, 25)}`,
  );
  await cdp.detach();
}

export async function measureScreens(
  browser: Browser,
  origin: string,
  world: SeededWorld,
  runs: number,
): Promise<ScreenTiming[]> {
  const timings: ScreenTiming[] = [];
  const roles = process.env.ROLES?.split(',');
  for (const [role, screens] of Object.entries(screensOf(world)) as [RoleName, Screen[]][]) {
    if (roles && !roles.includes(role)) continue;
    const session = await signIn(origin, world.accounts[role]);
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      storageState: {
        cookies: [],
        origins: [
          {
            origin,
            localStorage: [
              { name: 'token', value: session.token },
              { name: 'user', value: JSON.stringify(session.user) },
            ],
          },
        ],
      },
    });
    await context.addInitScript(WATCHER);
    const page = await context.newPage();
    for (const screen of screens) {
      const reload = await reloads(page, `${origin}${screen.path}`, screen.marker, runs);
      if (process.env.PROFILE === screen.path) await profileReload(page, screen.path);
      const from = screens.find((s) => s.path === screen.from);
      const navigationMs = from ? await navigations(page, origin, from, screen, runs) : null;
      timings.push({ role, path: screen.path, navigationMs, ...reload });
    }
    await context.close();
  }
  return timings;
}
