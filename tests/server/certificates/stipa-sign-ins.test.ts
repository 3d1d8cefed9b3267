// The STI-PA simulator's sign-ins on two servers of one database (docs/production.md, "Several servers"): an access
// token given by one is accepted by the other, a logout through either ends it on both, and a sign-in still expires
// after its lifetime. Each server is a whole app (createTestApp, secondApp) called over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeTnAuthList, tnAuthListToBase64 } from '../../../server/src/ca';
import { STIPA_SIM_PREFIX } from '../../../server/src/integrations/stipa';
import { type TestApp, createTestApp, secondApp } from '../helpers';

const ACCESS_LIFETIME_MS = 15 * 60 * 1000;
const FP = `SHA256 ${Array.from({ length: 32 }, () => 'CD').join(':')}`;
const atc = {
  tktype: 'TNAuthList',
  tkvalue: tnAuthListToBase64(encodeTnAuthList('073K')),
  ca: false,
  fingerprint: FP,
};

let clock = new Date('2026-06-01T09:00:00Z');
const now = () => clock;
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  a = await createTestApp({ now });
  b = await secondApp(a.db, a.config, { now });
}, 60_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
});

async function signIn(on: TestApp, userId = 'demo', password = 'demo-pass'): Promise<string> {
  const res = await on.app.inject({
    method: 'POST',
    url: `${STIPA_SIM_PREFIX}/auth/login`,
    payload: { userId, password },
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { status: string; accessToken: string };
  expect(body.status).toBe('success');
  return body.accessToken;
}

const spcToken = (on: TestApp, accessToken: string) =>
  on.app.inject({
    method: 'POST',
    url: `${STIPA_SIM_PREFIX}/account/073K/token`,
    headers: { authorization: `Bearer ${accessToken}` },
    payload: { atc },
  });

const logout = (on: TestApp, accessToken: string) =>
  on.app.inject({
    method: 'POST',
    url: `${STIPA_SIM_PREFIX}/auth/logout`,
    headers: { authorization: `Bearer ${accessToken}` },
  });

const refusal = { status: 'error', message: 'Invalid or expired access token' };

describe('STI-PA simulator sign-ins on two servers', () => {
  it('accepts on one server the access token of the other, and ends it everywhere on a logout through either', async () => {
    const accessToken = await signIn(a);
    const onB = await spcToken(b, accessToken);
    expect(onB.statusCode, onB.body).toBe(200);
    expect(onB.json()).toMatchObject({ status: 'success' });
    expect((onB.json() as { token: string }).token.split('.')).toHaveLength(3);
    expect((await spcToken(a, accessToken)).statusCode).toBe(200);

    const out = await logout(b, accessToken);
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ status: 'success' });
    for (const server of [a, b]) {
      const after = await spcToken(server, accessToken);
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual(refusal);
    }
    // A logout of a token already ended, or of none, answers as the STI-PA does.
    expect((await logout(a, accessToken)).json()).toEqual({ status: 'success' });
  });

  it('ends a sign-in after its lifetime on every server, and keeps the others', async () => {
    const first = await signIn(b);
    clock = new Date(clock.getTime() + ACCESS_LIFETIME_MS - 1000);
    const second = await signIn(a);
    expect((await spcToken(a, first)).statusCode).toBe(200);
    clock = new Date(clock.getTime() + 1000);
    for (const server of [a, b]) {
      const expired = await spcToken(server, first);
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual(refusal);
      expect((await spcToken(server, second)).statusCode).toBe(200);
    }
    clock = new Date(clock.getTime() + ACCESS_LIFETIME_MS);
    expect((await spcToken(b, second)).statusCode).toBe(401);
  });

  it('keeps no access token itself, only its digest, and drops expired sign-ins at the next sign-in', async () => {
    const accessToken = await signIn(a);
    const rows = await a.db.query<{ token_sha256: Uint8Array; user_id: string; expires_at: Date }>(
      'SELECT token_sha256, user_id, expires_at FROM stipa_sim_sign_ins',
    );
    expect(rows.every((r) => !Buffer.from(r.token_sha256).toString('latin1').includes(accessToken))).toBe(
      true,
    );
    expect(JSON.stringify(rows)).not.toContain(accessToken);
    // Every sign-in but this one has expired (the test above moved the clock past them) and was removed.
    expect(rows.map((r) => [r.user_id, r.expires_at.getTime()])).toEqual([
      ['demo', clock.getTime() + ACCESS_LIFETIME_MS],
    ]);
  });

  it('refuses an unknown, a missing or a malformed access token alike', async () => {
    for (const authorization of ['Bearer not-a-token', '', 'Basic ZGVtbzpkZW1v', 'Bearer ']) {
      const res = await b.app.inject({
        method: 'POST',
        url: `${STIPA_SIM_PREFIX}/account/073K/token`,
        headers: authorization ? { authorization } : {},
        payload: { atc },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(refusal);
    }
  });
});
