// The data requests of a page, started before the page asks for them (issue 27): the GETs a page made when it last
// opened are remembered (per user and address, in the tab's session storage); a reload of that address starts them
// while the scripts load, and the page's own identical GET takes the answer instead of asking again.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { httpClient } from '../../src/dataProvider/http';
import { recordPageGets, startRememberedGets } from '../../src/routing/earlyGets';

function token(claims: Record<string, unknown>): string {
  const b64 = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.signature`;
}

function stubFetch() {
  const fetch = vi.fn(async (url: string) => Response.json({ url, n: fetch.mock.calls.length }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('early GETs', () => {
  it('starts the GETs a page made at its last opening, and hands each answer once to the same GET', async () => {
    localStorage.setItem(
      'token',
      token({ sub: 'u-1', type: 'admin', exp: Math.floor(Date.now() / 1000) + 3600 }),
    );
    window.history.replaceState(null, '', '/admin/payment');
    recordPageGets();
    let fetch = stubFetch();
    await httpClient('/api/admin/payment?range=%5B0%2C9%5D');
    await httpClient('/api/admin/payment/summary');
    // a POST is never remembered
    await httpClient('/api/admin/payment/export', { method: 'POST' });
    expect(fetch).toHaveBeenCalledTimes(3);

    // the reload: a new document, the same address
    vi.unstubAllGlobals();
    fetch = stubFetch();
    startRememberedGets();
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      '/api/admin/payment?range=%5B0%2C9%5D',
      '/api/admin/payment/summary',
    ]);
    const early = await httpClient('/api/admin/payment?range=%5B0%2C9%5D');
    expect(early.json).toEqual({ url: '/api/admin/payment?range=%5B0%2C9%5D', n: 1 });
    expect(fetch).toHaveBeenCalledTimes(2);
    // taken once: asked again, it is asked of the server again
    await httpClient('/api/admin/payment?range=%5B0%2C9%5D');
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('starts nothing for another user, or for an address the page did not open at', async () => {
    localStorage.setItem(
      'token',
      token({ sub: 'u-1', type: 'admin', exp: Math.floor(Date.now() / 1000) + 3600 }),
    );
    window.history.replaceState(null, '', '/admin/invoice');
    recordPageGets();
    stubFetch();
    await httpClient('/api/admin/invoice');
    vi.unstubAllGlobals();

    const fetch = stubFetch();
    window.history.replaceState(null, '', '/admin/audit-log');
    startRememberedGets();
    window.history.replaceState(null, '', '/admin/invoice');
    localStorage.setItem(
      'token',
      token({ sub: 'u-2', type: 'admin', exp: Math.floor(Date.now() / 1000) + 3600 }),
    );
    startRememberedGets();
    expect(fetch).not.toHaveBeenCalled();
  });
});
