// The admin's resellers over HTTP on a real database: list protocol, create with the invitation, edit,
// deactivate (sessions end at once, companies stay), rotate the promo code, and the refusals that write nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../contract/constants';
import { PROMO_CODE_ATTEMPTS, withFreshPromoCode } from '../../../server/src/resellers/promoCodes';
import { setUrlToken } from '../../../server/src/resellers/store';
import { createTestApp, sessionToken, type TestApp } from '../helpers';
import {
  count,
  headerOf,
  insertReseller,
  linkIn,
  login,
  mailsTo,
  postJson,
  register,
  registration,
} from '../accounts/accounts-fixtures';
import {
  RESELLER_PASSWORD,
  adminToken,
  as,
  listQuery,
  registeredCompany,
  signedInReseller,
} from './resellers-fixtures';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
});

afterAll(async () => {
  await t?.close();
});

const checkCode = async (code: string) =>
  (await postJson(t, `/api/auth/reseller_token/${encodeURIComponent(code)}`)).json().isValid as boolean;

describe('creating a reseller', () => {
  it('creates the account with an unguessable promo code and mails an invitation to set the password', async () => {
    const res = await as(t, admin).post('/api/admin/reseller/create', {
      name: ' Rita Reseller ',
      email: 'Rita@Resell.TEST',
      company_name: 'Resell Co',
    });
    expect(res.statusCode).toBe(201);
    const row = res.json();
    expect(row).toMatchObject({
      name: 'Rita Reseller',
      email: 'rita@resell.test',
      company_name: 'Resell Co',
      is_active: true,
      is_confirmed: false,
      companies_count: 0,
    });
    // short and unambiguous: 8 characters without 0/O, 1/I/L or U, stored without its hyphen
    expect(row.url_token).toMatch(/^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{8}$/);
    expect(row).not.toHaveProperty('account_id');
    expect(await checkCode(row.url_token)).toBe(true);

    const mail = mailsTo(t.config, 'rita@resell.test').at(-1)!;
    expect(headerOf(mail, 'Subject')).toMatch(/invited/);
    const { url, token } = linkIn(mail);
    expect(url.pathname).toBe('/accept-invite');
    const set = await postJson(t, '/api/auth/reseller/password', {
      token,
      password: RESELLER_PASSWORD,
      password_extra: RESELLER_PASSWORD,
    });
    expect(set.statusCode).toBe(200);
    const signIn = await login(t, 'rita@resell.test', RESELLER_PASSWORD);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user).toMatchObject({ type: 'reseller', company_name: 'Resell Co' });
    const shown = await as(t, admin).get(`/api/admin/reseller/${row.id}`);
    expect(shown.json()).toMatchObject({ id: row.id, is_confirmed: true });
  });

  it('refuses a taken email (409) and bad input (400) with the error shape, writing nothing', async () => {
    const taken = await registeredCompany(t, undefined);
    const accounts = await count(t.db, 'accounts');
    const resellers = await count(t.db, 'resellers');
    const mails = mailsTo(t.config, taken.email).length;

    const dup = await as(t, admin).post('/api/admin/reseller/create', {
      name: 'Dup',
      email: taken.email.toUpperCase(),
      company_name: 'Dup Co',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      message: MESSAGES.emailTaken,
      errors: { email: MESSAGES.emailTaken },
    });

    const bad = await as(t, admin).post('/api/admin/reseller/create', {
      name: '',
      email: 'not-an-email',
      company_name: '<b>x</b>',
      is_active: false,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      name: 'name is a required field',
      email: 'email must be a valid email',
      company_name: 'company name is not valid.',
    });
    const notObject = await as(t, admin).post('/api/admin/reseller/create', [1]);
    expect(notObject.statusCode).toBe(400);

    expect(await count(t.db, 'accounts')).toBe(accounts);
    expect(await count(t.db, 'resellers')).toBe(resellers);
    expect(mailsTo(t.config, taken.email)).toHaveLength(mails);
  });

  it('creates once for a repeated Idempotency-Key, answering the first answer again', async () => {
    const body = JSON.stringify({ name: 'Ida Once', email: 'ida@resell.test', company_name: 'Once Co' });
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/reseller/create',
        headers: {
          authorization: `Bearer ${admin}`,
          'content-type': 'application/json',
          'idempotency-key': 'create-ida-1',
        },
        payload: body,
      });
    const first = await send();
    const again = await send();
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    expect(mailsTo(t.config, 'ida@resell.test')).toHaveLength(1);
  });

  it('is for admins only', async () => {
    const reseller = await signedInReseller(t, admin);
    const provider = await sessionToken(t, { type: 'service-provider' });
    for (const token of [reseller.token, provider]) {
      expect((await as(t, token).get('/api/admin/reseller/list')).statusCode).toBe(403);
      const create = await as(t, token).post('/api/admin/reseller/create', {
        name: 'X',
        email: 'x@x.test',
        company_name: 'X',
      });
      expect(create.statusCode).toBe(403);
      expect((await as(t, token).post(`/api/admin/reseller/${reseller.id}/rotate_token`)).statusCode).toBe(
        403,
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/reseller/list' })).statusCode).toBe(401);
  });
});

describe('the reseller list', () => {
  let ids: string[];
  beforeAll(async () => {
    const a = await signedInReseller(t, admin, { name: 'Alpha Person', company_name: 'Zeta Resale' });
    const b = await signedInReseller(t, admin, { name: 'Beta Person', company_name: 'Yota Resale' });
    await registeredCompany(t, b.url_token);
    await registeredCompany(t, b.url_token);
    await registeredCompany(t, a.url_token);
    ids = [a.id, b.id];
  });

  it('pages, sorts and filters in SQL, with Content-Range', async () => {
    const all = await as(t, admin).get(`/api/admin/reseller/list${listQuery({ range: [0, 1] })}`);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toHaveLength(2);
    const total = Number(/\/(\d+)$/.exec(all.headers['content-range'] as string)![1]);
    expect(total).toBeGreaterThanOrEqual(4);
    expect(all.headers['content-range']).toBe(`resellers 0-1/${total}`);

    const search = await as(t, admin).get(
      `/api/admin/reseller/list${listQuery({ filter: { q: 'resale' }, sort: ['companies_count', 'DESC'] })}`,
    );
    expect(search.json().map((r: { id: string }) => r.id)).toEqual([ids[1], ids[0]]);
    expect(search.json().map((r: { companies_count: number }) => r.companies_count)).toEqual([2, 1]);
    expect(search.headers['content-range']).toBe('resellers 0-1/2');

    const byName = await as(t, admin).get(
      `/api/admin/reseller/list${listQuery({ filter: { q: 'resale' }, sort: ['name', 'ASC'] })}`,
    );
    expect(byName.json().map((r: { name: string }) => r.name)).toEqual(['Alpha Person', 'Beta Person']);

    // a LIKE pattern typed in the search is taken literally
    const literal = await as(t, admin).get(`/api/admin/reseller/list${listQuery({ filter: { q: '%' } })}`);
    expect(literal.json()).toEqual([]);
  });

  it('answers 400 to an unknown sort, filter or value', async () => {
    for (const query of [
      listQuery({ sort: ['password_hash', 'ASC'] }),
      listQuery({ filter: { account_id: 'x' } }),
      listQuery({ filter: { is_active: 'maybe' } }),
      listQuery({ filter: { q: 'x'.repeat(101) } }),
      listQuery({ range: [5, 1] }),
    ]) {
      const res = await as(t, admin).get(`/api/admin/reseller/list${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('message');
    }
  });

  it('shows one reseller; an unknown or malformed id is a 404', async () => {
    expect((await as(t, admin).get(`/api/admin/reseller/${ids[0]}`)).json()).toMatchObject({ id: ids[0] });
    expect(
      (await as(t, admin).get('/api/admin/reseller/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    expect((await as(t, admin).get('/api/admin/reseller/not-an-id')).statusCode).toBe(404);
  });
});

describe('editing, deactivating and rotating', () => {
  it('edits the name and company; refuses unknown fields and blank names, changing nothing', async () => {
    const r = await signedInReseller(t, admin, { name: 'Old Name', company_name: 'Old Co' });
    const res = await as(t, admin).put(`/api/admin/reseller/${r.id}`, {
      name: 'New Name',
      company_name: 'New Co',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'New Name', company_name: 'New Co', is_active: true });

    for (const body of [
      { url_token: 'chosen-code' },
      { name: '  ' },
      { is_active: 'no' },
      { email: 'a@b.test' },
    ]) {
      const refused = await as(t, admin).put(`/api/admin/reseller/${r.id}`, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toHaveProperty('errors');
    }
    expect((await as(t, admin).get(`/api/admin/reseller/${r.id}`)).json()).toMatchObject({
      name: 'New Name',
      company_name: 'New Co',
      url_token: r.url_token,
    });
    expect(
      (await as(t, admin).put('/api/admin/reseller/00000000-0000-4000-8000-000000000000', {})).statusCode,
    ).toBe(404);
  });

  it('deactivating ends the sessions at once and refuses its code; its companies stay', async () => {
    const r = await signedInReseller(t, admin);
    const company = await registeredCompany(t, r.url_token);
    expect((await as(t, r.token).get('/api/reseller')).statusCode).toBe(200);

    const off = await as(t, admin).put(`/api/admin/reseller/${r.id}`, { is_active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ is_active: false, companies_count: 1 });

    expect((await as(t, r.token).get('/api/reseller')).statusCode).toBe(401);
    expect((await login(t, r.email, RESELLER_PASSWORD)).statusCode).toBe(403);
    expect(await checkCode(r.url_token)).toBe(false);
    const [sp] = await t.db.query<{ reseller_id: string }>(
      'SELECT reseller_id FROM service_providers WHERE id = $1',
      [company.spId],
    );
    expect(sp.reseller_id).toBe(r.id);
    const accounts = await count(t.db, 'accounts');
    const withCode = await register(t, registration({ reseller_url_token: r.url_token }));
    expect(withCode.statusCode).toBe(400);
    expect(withCode.json().errors).toEqual({ reseller_url_token: MESSAGES.resellerCodeInvalid });
    expect(await count(t.db, 'accounts')).toBe(accounts);

    // back on: signs in again, the code works again
    expect((await as(t, admin).put(`/api/admin/reseller/${r.id}`, { is_active: true })).statusCode).toBe(200);
    expect((await login(t, r.email, RESELLER_PASSWORD)).statusCode).toBe(200);
    expect(await checkCode(r.url_token)).toBe(true);
  });

  it('rotating the promo code retires the old one at once', async () => {
    const r = await signedInReseller(t, admin);
    const res = await as(t, admin).post(`/api/admin/reseller/${r.id}/rotate_token`);
    expect(res.statusCode).toBe(200);
    const fresh = res.json().url_token as string;
    expect(fresh).not.toBe(r.url_token);
    expect(fresh).toMatch(/^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{8}$/);
    expect(await checkCode(r.url_token)).toBe(false);
    expect(await checkCode(fresh)).toBe(true);
    const old = await register(t, registration({ reseller_url_token: r.url_token }));
    expect(old.statusCode).toBe(400);
    const company = await registeredCompany(t, fresh);
    const [sp] = await t.db.query<{ reseller_id: string }>(
      'SELECT reseller_id FROM service_providers WHERE id = $1',
      [company.spId],
    );
    expect(sp.reseller_id).toBe(r.id);
    expect((await as(t, admin).post('/api/admin/reseller/not-an-id/rotate_token')).statusCode).toBe(404);
  });

  it('draws a promo code again when the one drawn is already a reseller’s, and gives up after a few', async () => {
    const taken = await insertReseller(t.db, { code: 'TAKEN234' });
    const other = await insertReseller(t.db);
    const draws = ['TAKEN234', 'TAKEN234', 'FRESH567'];
    const generate = () => draws.shift()!;
    const set = (code: string) => setUrlToken(t.db, other.resellerId, code);
    expect(await withFreshPromoCode(set, generate)).toBe(true);
    expect(draws).toEqual([]);
    const [row] = await t.db.query<{ url_token: string }>('SELECT url_token FROM resellers WHERE id = $1', [
      other.resellerId,
    ]);
    expect(row.url_token).toBe('FRESH567');
    let tries = 0;
    const always = () => (tries++, taken.code);
    await expect(withFreshPromoCode(set, always)).rejects.toThrow();
    expect(tries).toBe(PROMO_CODE_ATTEMPTS);
    // another unique violation is not a code collision: no second draw
    tries = 0;
    const dupAccount = (code: string) =>
      t.db.query(`INSERT INTO resellers (account_id, company_name, url_token) VALUES ($1, 'Dup', $2)`, [
        other.accountId,
        code,
      ]);
    await expect(withFreshPromoCode(dupAccount, () => (tries++, 'OTHER234'))).rejects.toThrow();
    expect(tries).toBe(1);
  });

  it('sends the invitation again until the reseller has chosen a password', async () => {
    const created = await as(t, admin).post('/api/admin/reseller/create', {
      name: 'Late Reader',
      email: 'late@resell.test',
      company_name: 'Late Co',
    });
    const id = created.json().id as string;
    const again = await as(t, admin).post(`/api/admin/reseller/${id}/invite`);
    expect(again.statusCode).toBe(200);
    expect(mailsTo(t.config, 'late@resell.test')).toHaveLength(2);
    const done = await signedInReseller(t, admin);
    const refused = await as(t, admin).post(`/api/admin/reseller/${done.id}/invite`);
    expect(refused.statusCode).toBe(409);
  });
});
