// A reseller's list of STI-SCAs and delegate certificates: its own providers' alone, whatever the filter names,
// filtered and sorted as the admin's; the admin and a provider are refused on this route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../helpers';
import { type SeededProvider, providerToken, seedProvider } from '../admin/admin-fixtures';
import { type SeededCertificate, seedDelegate, seedStiSca } from '../admin/delegate-fixtures';
import { type CreatedReseller, adminToken, as, listQuery, signedInReseller } from './resellers-fixtures';

const PATH = '/api/reseller/delegate_certificates';

let t: TestApp;
let admin: string;
let mine: CreatedReseller;
let other: CreatedReseller;
let ownCo: SeededProvider;
let otherCo: SeededProvider;
let loneCo: SeededProvider;
const c: Record<string, SeededCertificate> = {};

const listAs = async (token: string, opts: Parameters<typeof listQuery>[0] = {}) => {
  const res = await as(t, token).get(`${PATH}${listQuery(opts)}`);
  expect(res.statusCode, res.body).toBe(200);
  return { rows: res.json() as Record<string, unknown>[], range: res.headers['content-range'] };
};
const serials = (rows: Record<string, unknown>[]) => rows.map((r) => r.serial_number);

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
  mine = await signedInReseller(t, admin);
  other = await signedInReseller(t, admin);
  ownCo = await seedProvider(t.db, { company: 'Own Co', resellerId: mine.id });
  otherCo = await seedProvider(t.db, { company: 'Other Co', resellerId: other.id });
  loneCo = await seedProvider(t.db, { company: 'Lone Co' });
  const day = (n: number) => new Date(Date.now() - n * 86_400_000);
  c.ownSca = await seedStiSca(t.db, ownCo.spId, { createdOn: day(5) });
  c.ownA = await seedDelegate(t.db, ownCo.spId, c.ownSca.id, { createdOn: day(4), numberCount: 50 });
  c.ownB = await seedDelegate(t.db, ownCo.spId, c.ownSca.id, {
    customer: 'Zed',
    createdOn: day(3),
    numberCount: 5,
  });
  c.otherSca = await seedStiSca(t.db, otherCo.spId, { createdOn: day(2) });
  c.loneSca = await seedStiSca(t.db, loneCo.spId, { createdOn: day(1) });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('GET /api/reseller/delegate_certificates', () => {
  it('lists its own providers’ STI-SCAs and delegates only', async () => {
    const own = await listAs(mine.token);
    expect(own.range).toBe('reseller-delegates 0-2/3');
    expect(serials(own.rows)).toEqual([c.ownB.serial, c.ownA.serial, c.ownSca.serial]);
    expect(own.rows[0]).toMatchObject({
      service_provider_uuid: ownCo.spId,
      company_name: 'Own Co',
      kind: 'delegate',
      customer_name: 'Zed',
      number_count: 5,
      sti_sca_serial: c.ownSca.serial,
      status: 'current',
    });
    const theirs = await listAs(other.token);
    expect(serials(theirs.rows)).toEqual([c.otherSca.serial]);
  });

  it('finds nothing of another reseller’s provider, whatever the filter names', async () => {
    const named = await listAs(mine.token, { filter: { service_provider_uuid: otherCo.spId } });
    expect(named.rows).toEqual([]);
    const searched = await listAs(mine.token, { filter: { q: 'Lone' } });
    expect(searched.rows).toEqual([]);
  });

  it('filters and sorts as the admin’s list', async () => {
    const delegates = await listAs(mine.token, {
      filter: { kind: 'delegate' },
      sort: ['number_count', 'ASC'],
    });
    expect(delegates.rows.map((r) => r.number_count)).toEqual([5, 50]);
    const scas = await listAs(mine.token, { filter: { kind: 'sti_sca', status: 'current' } });
    expect(serials(scas.rows)).toEqual([c.ownSca.serial]);
    const bad = await as(t, mine.token).get(`${PATH}${listQuery({ filter: { kind: 'shaken' } })}`);
    expect(bad.statusCode).toBe(400);
  });

  it('is the reseller’s: the admin and a provider are refused', async () => {
    expect((await as(t, admin).get(PATH)).statusCode).toBe(403);
    expect((await as(t, await providerToken(t, ownCo)).get(PATH)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: PATH })).statusCode).toBe(401);
  });
});
