// The data requests of a page, started before the page asks for them: the GETs a page made when it last
// opened are remembered (per user and address, in the tab's session storage); a reload of that address starts them
// while the scripts load, and the page's own identical GET takes the answer instead of asking again.
import { readFileSync } from 'node:fs';
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

  it('starts them from public/early.js as the HTML is read, and the app takes those answers', async () => {
    localStorage.setItem(
      'token',
      token({ sub: 'u-3', type: 'service-provider', exp: Math.floor(Date.now() / 1000) + 3600 }),
    );
    window.history.replaceState(null, '', '/payment-listing?page=2');
    recordPageGets();
    stubFetch();
    await httpClient('/api/service_provider/payments?range=%5B7%2C13%5D');
    await httpClient('/api/service_provider/profile');
    vi.unstubAllGlobals();

    // the reload: the script runs before any module, then the app starts what is not started yet
    const fetch = stubFetch();
    new Function(readFileSync('public/early.js', 'utf8'))();
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      '/api/service_provider/payments?range=%5B7%2C13%5D',
      '/api/service_provider/profile',
    ]);
    expect((fetch.mock.calls[0] as unknown[])[1]).toMatchObject({
      headers: { Authorization: expect.stringMatching(/^Bearer /) },
    });
    startRememberedGets();
    expect(fetch).toHaveBeenCalledTimes(2);
    const early = await httpClient('/api/service_provider/profile');
    expect(early.json).toEqual({ url: '/api/service_provider/profile', n: 2 });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('starts nothing from public/early.js without a live session', () => {
    const fetch = stubFetch();
    const run = () => new Function(readFileSync('public/early.js', 'utf8'))();
    localStorage.removeItem('token');
    run();
    localStorage.setItem(
      'token',
      token({ sub: 'u-3', type: 'admin', exp: Math.floor(Date.now() / 1000) - 1 }),
    );
    run();
    localStorage.setItem('token', 'not a token');
    run();
    expect(fetch).not.toHaveBeenCalled();
  });
});
