// The data requests of a page, started before the page asks for them (docs/web.md). The GETs a page makes in the
// first seconds after it opens are remembered, per user and address, in the tab's session storage; a reload of that
// address starts them while the signed-in app loads (routing/preloadPage.ts), and the page's own GET of the same URL
// (dataProvider/http.ts) takes that answer, once, instead of asking again. An address the tab never opened, or a
// page that asks for something else this time, just asks as before. public/early.js reads the same storage (its key,
// STORAGE_KEY, and its entries, `<user id> <path and query>` -> URLs) to start them even earlier, as the HTML is read.
import { earlyGets } from '../dataProvider/http';
import { getToken, readSession } from '../authProvider/session';

const STORAGE_KEY = 'portal.earlyGets';
/** The GETs of a page's opening: those within this long of its first. */
const OPENING_MS = 2000;
/** An early answer older than this is not handed over (the page asked for something else meanwhile). */
const EARLY_MS = 10_000;
const MAX_GETS = 6;
const MAX_PAGES = 30;

type Remembered = Record<string, string[]>;

function pageKey(): string | null {
  const session = readSession();
  if (session.status !== 'signed-in') return null;
  return `${session.claims.sub} ${window.location.pathname}${window.location.search}`;
}

function remembered(): Remembered {
  try {
    return (JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Remembered) ?? {};
  } catch {
    return {};
  }
}

function remember(key: string, urls: string[]) {
  const pages = remembered();
  delete pages[key];
  pages[key] = urls;
  const keys = Object.keys(pages);
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_PAGES))) delete pages[old];
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(pages));
  } catch {
    // storage full or refused: nothing is started early next time
  }
}

type Started = { at: number; response: Promise<Response> };

const started = new Map<string, Started>();
let opening: { key: string; since: number; urls: string[] } | null = null;

/** From now on, the GETs of each page's opening are remembered, and an early answer is handed to its GET. */
export function recordPageGets(): void {
  earlyGets.seen = (url) => {
    const key = pageKey();
    if (!key) return;
    const now = Date.now();
    if (opening?.key !== key) opening = { key, since: now, urls: [] };
    else if (now - opening.since > OPENING_MS) return;
    if (opening.urls.includes(url) || opening.urls.length >= MAX_GETS) return;
    opening.urls.push(url);
    remember(key, opening.urls);
  };
  earlyGets.take = (url) => {
    const early = started.get(url);
    started.delete(url);
    return early && Date.now() - early.at <= EARLY_MS ? early.response : undefined;
  };
}

/**
 * The GETs public/early.js started as the HTML was read (the same remembered GETs, before any module ran), taken
 * over once: from then on they are this module's to hand out.
 */
function adoptScriptGets(): void {
  const holder = window as { __portalEarlyGets?: Record<string, Started> };
  for (const [url, get] of Object.entries(holder.__portalEarlyGets ?? {}))
    if (!started.has(url)) started.set(url, get);
  holder.__portalEarlyGets = {};
}

/** Starts the GETs the page at this address made when it last opened, for the signed-in user. */
export function startRememberedGets(): void {
  const key = pageKey();
  const token = getToken();
  if (!key || !token) return;
  adoptScriptGets();
  for (const url of remembered()[key] ?? []) {
    if (started.has(url)) continue;
    const response = fetch(url, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    });
    // an early GET nobody takes fails silently; the page's own GET reports its failure
    response.catch(() => undefined);
    started.set(url, { at: Date.now(), response });
  }
}
