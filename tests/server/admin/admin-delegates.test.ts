// The admin's list of every provider's STI-SCAs and delegate certificates: each row's provider, kind, customer,
// number count and state (as the certificates list says it) around a fixed clock; the filters, sorts and pages;
// who may read it; and the dashboard's counts of live STI-SCAs and delegates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, sessionToken } from '../helpers';
import {
  type SeededProvider,
  adminToken,
  as,
  listQuery,
  providerToken,
  seedProvider,
} from './admin-fixtures';
import { type SeededCertificate, seedDelegate, seedStiSca } from './delegate-fixtures';

// 15 June 2026, noon UTC
const NOW = new Date('2026-06-15T12:00:00Z');
const DAY = 86_400_000;
const at = (days: number) => new Date(NOW.getTime() + days * DAY);
const PATH = '/api/admin/delegate_certificates';

let t: TestApp;
let admin: ReturnType<typeof as>;
let one: SeededProvider;
let two: SeededProvider;
const c: Record<string, SeededCertificate> = {};

const getList = async (params: Parameters<typeof listQuery>[0] = {}) => {
  const res = await admin.get(`${PATH}?${listQuery(params)}`);
  expect(res.statusCode, res.body).toBe(200);
  return { rows: res.json() as Record<string, unknown>[], range: res.headers['content-range'] };
};
const serials = (rows: Record<string, unknown>[]) => rows.map((r) => r.serial_number);

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  admin = as(t, await adminToken(t));
  one = await seedProvider(t.db, { company: 'One Telecom' });
  two = await seedProvider(t.db, { company: 'Two Voice' });
  const { db } = t;
  c.oneOld = await seedStiSca(db, one.spId, { createdOn: at(-400), notAfter: at(-35) });
  c.oneRenewed = await seedStiSca(db, one.spId, { createdOn: at(-100), notAfter: at(265) });
  c.oneSca = await seedStiSca(db, one.spId, {
    createdOn: at(-10),
    notAfter: at(355),
    replacesId: c.oneRenewed.id,
  });
  c.acme = await seedDelegate(db, one.spId, c.oneSca.id, { createdOn: at(-5), numberCount: 100 });
  c.beta = await seedDelegate(db, one.spId, c.oneSca.id, {
    customer: 'Beta Dial',
    createdOn: at(-4),
    numberCount: 2,
    status: 'revoked',
  });
  c.twoSca = await seedStiSca(db, two.spId, { createdOn: at(-3) });
  c.gamma = await seedDelegate(db, two.spId, c.twoSca.id, {
    customer: 'Gamma',
    createdOn: at(-2),
    numberCount: 1000,
    status: 'pending',
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('GET /api/admin/delegate_certificates', () => {
  it('lists every provider’s STI-SCAs and delegates, newest first, each with its provider and state', async () => {
    const all = await getList();
    expect(all.range).toBe('admin-delegates 0-6/7');
    expect(serials(all.rows)).toEqual(
      ['gamma', 'twoSca', 'beta', 'acme', 'oneSca', 'oneRenewed', 'oneOld'].map((k) => c[k].serial),
    );
    const bySerial = Object.fromEntries(all.rows.map((r) => [r.serial_number, r]));
    expect(bySerial[c.acme.serial]).toEqual({
      id: c.acme.id,
      service_provider_uuid: one.spId,
      company_name: 'One Telecom',
      ocn: one.ocn,
      kind: 'delegate',
      customer_name: 'Acme Calls',
      number_count: 100,
      sti_sca_serial: c.oneSca.serial,
      serial_number: c.acme.serial,
      status: 'current',
      replaced_by: null,
      not_after: at(360).toISOString(),
      created_on: at(-5).toISOString(),
      revoked_on: null,
      revocation_reason: null,
    });
    expect(bySerial[c.oneSca.serial]).toMatchObject({
      kind: 'sti_sca',
      customer_name: null,
      number_count: null,
      sti_sca_serial: null,
      status: 'current',
    });
    expect(bySerial[c.oneRenewed.serial]).toMatchObject({ status: 'replaced', replaced_by: c.oneSca.serial });
    expect(bySerial[c.oneOld.serial]).toMatchObject({ status: 'expired' });
    expect(bySerial[c.beta.serial]).toMatchObject({
      status: 'revoked',
      revoked_on: at(-4).toISOString(),
      revocation_reason: 'key_compromise',
    });
    expect(bySerial[c.gamma.serial]).toMatchObject({ status: 'pending', company_name: 'Two Voice' });
  });

  it('filters by provider (search or id), kind and state', async () => {
    const twos = await getList({ filter: { q: 'two voi' } });
    expect(serials(twos.rows)).toEqual([c.gamma.serial, c.twoSca.serial]);
    const byOcn = await getList({ filter: { q: one.ocn } });
    expect(byOcn.rows).toHaveLength(5);
    const byId = await getList({ filter: { service_provider_uuid: two.spId } });
    expect(byId.range).toBe('admin-delegates 0-1/2');
    const delegates = await getList({ filter: { kind: 'delegate' } });
    expect(serials(delegates.rows)).toEqual([c.gamma.serial, c.beta.serial, c.acme.serial]);
    const current = await getList({ filter: { kind: 'sti_sca', status: 'current' } });
    expect(serials(current.rows)).toEqual([c.twoSca.serial, c.oneSca.serial]);
    const replaced = await getList({ filter: { status: 'replaced' } });
    expect(serials(replaced.rows)).toEqual([c.oneRenewed.serial]);
  });

  it('sorts and pages on the server', async () => {
    const byCount = await getList({ filter: { kind: 'delegate' }, sort: ['number_count', 'ASC'] });
    expect(byCount.rows.map((r) => r.number_count)).toEqual([2, 100, 1000]);
    const page = await getList({
      filter: { kind: 'delegate' },
      sort: ['number_count', 'ASC'],
      range: [1, 1],
    });
    expect(serials(page.rows)).toEqual([c.acme.serial]);
    expect(page.range).toBe('admin-delegates 1-1/3');
    const byCompany = await getList({ sort: ['company_name', 'DESC'], range: [0, 1] });
    expect(byCompany.rows.map((r) => r.company_name)).toEqual(['Two Voice', 'Two Voice']);
    const byCustomer = await getList({ filter: { kind: 'delegate' }, sort: ['customer_name', 'ASC'] });
    expect(byCustomer.rows.map((r) => r.customer_name)).toEqual(['Acme Calls', 'Beta Dial', 'Gamma']);
  });

  it('refuses a filter value of the wrong kind, naming it', async () => {
    for (const filter of [{ status: 'live' }, { kind: 'shaken' }, { service_provider_uuid: 'x' }]) {
      const res = await admin.get(`${PATH}?${listQuery({ filter })}`);
      expect(res.statusCode, JSON.stringify(filter)).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(Object.keys(filter));
    }
  });

  it('is the admin’s: a provider and a reseller are refused, nobody signed in too', async () => {
    expect((await t.app.inject({ method: 'GET', url: PATH })).statusCode).toBe(401);
    const provider = await as(t, await providerToken(t, one)).get(PATH);
    expect(provider.statusCode).toBe(403);
    const reseller = await as(t, await sessionToken(t, { type: 'reseller' })).get(PATH);
    expect(reseller.statusCode).toBe(403);
    expect(reseller.json()).not.toHaveProperty('length');
  });
});

describe('the dashboard’s live STI-SCAs and delegates', () => {
  it('counts the issued, unexpired ones (a replaced STI-SCA is still live)', async () => {
    const res = await admin.get('/api/admin/dashboard');
    expect(res.statusCode).toBe(200);
    // oneRenewed, oneSca and twoSca; oneOld has expired
    expect(res.json().live_sti_scas).toBe(3);
    // acme; beta is revoked, gamma pending
    expect(res.json().live_delegates).toBe(1);
  });
});
