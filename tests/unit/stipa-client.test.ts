// The STI-PA client's wire format and failure mapping, with a fake fetch; and the simulator's account list.
import { describe, expect, it } from 'vitest';
import {
  type SpcTokenRequest,
  StiPaError,
  classifyFailure,
  createStiPaClient,
} from '../../server/src/integrations/stipa/client';
import { parseSimAccounts, SimAccountsError } from '../../server/src/integrations/stipa/simulator';

const BASE = 'https://sti-pa.test/api/v1';
const ATC: SpcTokenRequest = {
  tktype: 'TNAuthList',
  tkvalue: 'MAigBhYEMDczSw==',
  ca: false,
  fingerprint: 'SHA256 AB',
};
const PASSWORD = 'Pa55-word-never-logged';

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

function fakeFetch(answer: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const f = (async (input: string | URL | Request, init?: RequestInit) => {
    const call: Call = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    return answer(call);
  }) as typeof fetch;
  return { f, calls };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function failure(promise: Promise<unknown>): Promise<StiPaError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(StiPaError);
    return err as StiPaError;
  }
  throw new Error('expected a StiPaError');
}

describe('createStiPaClient', () => {
  it('speaks the STI-PA API: login, token with the bare access token, logout', async () => {
    const { f, calls } = fakeFetch((call) => {
      if (call.url.endsWith('/auth/login')) return json(200, { status: 'success', accessToken: 'AT-1' });
      if (call.url.endsWith('/token'))
        return json(200, { status: 'success', token: 'a.b.c', crl: 'https://crl' });
      return json(200, { status: 'success' });
    });
    const client = createStiPaClient({ baseUrl: `${BASE}/`, fetch: f });
    const answer = await client.getSpcToken({ userId: 'u1', password: PASSWORD, ocn: '073K', atc: ATC });
    expect(answer).toEqual({ token: 'a.b.c', crl: 'https://crl' });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      `POST ${BASE}/auth/login`,
      `POST ${BASE}/account/073K/token`,
      `POST ${BASE}/auth/logout`,
    ]);
    expect(calls[0].body).toEqual({ userId: 'u1', password: PASSWORD });
    expect(calls[1].headers.authorization).toBe('AT-1');
    expect(calls[1].body).toEqual({ atc: ATC });
    expect(calls[2].headers.authorization).toBe('AT-1');
  });

  it('ignores a failed logout but still logs out after a refused token request', async () => {
    const { f, calls } = fakeFetch((call) => {
      if (call.url.endsWith('/auth/login')) return json(200, { status: 'success', accessToken: 'AT-2' });
      if (call.url.endsWith('/token'))
        return json(200, { status: 'error', message: 'Provider is not in good standing' });
      throw new TypeError('fetch failed');
    });
    const client = createStiPaClient({ baseUrl: BASE, fetch: f });
    const err = await failure(client.getSpcToken({ userId: 'u', password: PASSWORD, ocn: '073K', atc: ATC }));
    expect(err.cause).toBe('not_in_good_standing');
    expect(calls.at(-1)?.url).toBe(`${BASE}/auth/logout`);
  });

  it('maps HTTP errors, non-JSON bodies and network failures to causes', async () => {
    const cases: [() => Response, string][] = [
      [() => json(401, { status: 'error', message: 'Invalid credentials' }), 'invalid_credentials'],
      [() => json(403, { status: 'error', message: 'User does not have the API User role' }), 'not_api_user'],
      [() => json(403, { status: 'error', message: 'IP address not in allow list' }), 'ip_not_allowed'],
      [() => new Response('<html>Bad gateway</html>', { status: 502 }), 'unavailable'],
      [() => new Response('<html>ok</html>', { status: 200 }), 'bad_response'],
      [() => json(200, { status: 'success' }), 'bad_response'],
      [() => json(404, { message: 'no such route' }), 'bad_response'],
    ];
    for (const [answer, cause] of cases) {
      const client = createStiPaClient({ baseUrl: BASE, fetch: fakeFetch(answer).f });
      expect((await failure(client.login('u', PASSWORD))).cause, cause).toBe(cause);
    }
    const down = createStiPaClient({
      baseUrl: BASE,
      fetch: fakeFetch(() => {
        throw new TypeError('fetch failed');
      }).f,
    });
    expect((await failure(down.login('u', PASSWORD))).cause).toBe('unavailable');
  });

  it('times out', async () => {
    const slow = (async (_url: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      })) as typeof fetch;
    const client = createStiPaClient({ baseUrl: BASE, fetch: slow, timeoutMs: 30 });
    const err = await failure(client.login('u', PASSWORD));
    expect(err.cause).toBe('unavailable');
    expect(err.message).toMatch(/in time/);
  });

  it('never puts the password or the access token in errors or log entries', async () => {
    const logged: string[] = [];
    const log = {
      info: (o: object) => void logged.push(JSON.stringify(o)),
      warn: (o: object) => void logged.push(JSON.stringify(o)),
    };
    const echo = createStiPaClient({
      baseUrl: BASE,
      log,
      fetch: fakeFetch((call) =>
        json(401, {
          status: 'error',
          message: `bad password ${(call.body as { password: string }).password}`,
        }),
      ).f,
    });
    const err = await failure(echo.login('u', PASSWORD));
    expect(err.cause).toBe('invalid_credentials');
    expect(JSON.stringify({ m: err.message, d: err.detail, s: err.stack })).not.toContain(PASSWORD);
    const tokenEcho = createStiPaClient({
      baseUrl: BASE,
      log,
      fetch: fakeFetch((call) =>
        json(403, { status: 'error', message: `token ${call.headers.authorization} is not API User` }),
      ).f,
    });
    const err2 = await failure(tokenEcho.requestSpcToken('SECRET-ACCESS-TOKEN', '073K', ATC));
    expect(err2.cause).toBe('not_api_user');
    expect(`${err2.message} ${err2.detail}`).not.toContain('SECRET-ACCESS-TOKEN');
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.join('\n')).not.toMatch(/Pa55-word|SECRET-ACCESS-TOKEN/);
  });

  it('classifies by status when the message says nothing', () => {
    expect(classifyFailure(401, undefined)).toBe('invalid_credentials');
    expect(classifyFailure(403, 'User u is not authorized for OCN 073K')).toBe('not_authorized_for_ocn');
    expect(classifyFailure(403, 'User u may not request tokens for a subordinate CA')).toBe(
      'not_authorized_for_ca',
    );
    expect(classifyFailure(503, undefined)).toBe('unavailable');
    expect(classifyFailure(400, 'atc.tkvalue is wrong')).toBe('bad_response');
  });
});

describe('parseSimAccounts', () => {
  it('defaults to demo/demo-pass for any OCN', () => {
    expect(parseSimAccounts(undefined)).toEqual([
      { userId: 'demo', password: 'demo-pass', ocns: '*', ca: true },
    ]);
  });

  it('has no account at all by default where the demo account is not allowed', () => {
    expect(parseSimAccounts(undefined, false)).toEqual([]);
    expect(parseSimAccounts('  ', false)).toEqual([]);
    expect(parseSimAccounts('a:p1:073K', false)).toEqual([
      { userId: 'a', password: 'p1', ocns: ['073K'], ca: false },
    ]);
  });

  it('reads user:pass:OCN;… with lists, * and colons in passwords', () => {
    expect(parseSimAccounts('a:p1:073K; b:p:w:d:1234,567a ;c:x:*')).toEqual([
      { userId: 'a', password: 'p1', ocns: ['073K'], ca: false },
      { userId: 'b', password: 'p:w:d', ocns: ['1234', '567A'], ca: false },
      { userId: 'c', password: 'x', ocns: '*', ca: false },
    ]);
  });

  it('lets an account request tokens for an STI-SCA when its entry ends with :ca', () => {
    expect(parseSimAccounts('a:p1:073K:ca;b:p:w:*:CA;c:ca:*')).toEqual([
      { userId: 'a', password: 'p1', ocns: ['073K'], ca: true },
      { userId: 'b', password: 'p:w', ocns: '*', ca: true },
      { userId: 'c', password: 'ca', ocns: '*', ca: false },
    ]);
    expect(() => parseSimAccounts('a:p:ca')).toThrow(SimAccountsError);
  });

  it('refuses malformed entries', () => {
    expect(() => parseSimAccounts('justuser')).toThrow(SimAccountsError);
    expect(() => parseSimAccounts('a:p:TOOLONG')).toThrow(SimAccountsError);
    expect(() => parseSimAccounts('a::073K')).toThrow(SimAccountsError);
  });
});
