// Delegate certificates after their creation, on the real app: a block of a million numbers as one range, the
// list protocol, renewal (the renewed one stays valid, no longer current), revocation (the CRL signer's CRL lists
// it at once), and the revocation of the STI-SCA that signed them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELEGATE_MESSAGES } from '../../../contract/delegates';
import { TN_AUTH_LIST_OID, X509Certificate, X509Crl, decodeTnEntries } from '../../../server/src/ca';
import { type TestApp, createTestApp, injectFetch, usingPostgres } from '../helpers';
import { listQuery } from '../resellers/resellers-fixtures';
import {
  DELEGATES,
  type Provider,
  STI_PA_ACCOUNTS,
  addNumbers,
  openssl,
  pemsOf,
  provider,
} from './delegates-fixtures';

let t: TestApp;
let alice: Provider;
let dir: string;

beforeAll(async () => {
  t = await createTestApp({
    stiPaFetch: injectFetch(() => t.app),
    config: { stiPaSimAccounts: STI_PA_ACCOUNTS },
  });
  alice = await provider(t);
  await addNumbers(t, alice.spId, '2015550100', 100);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'delegates-life-'));
}, 60_000);

afterAll(async () => {
  await t?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** `openssl verify` of the delegate `serial` up to the root with the CRL signer's CRL checked: its output. */
async function verifiedWithCrl(serial: string): Promise<string> {
  const get = async (url: string) => (await t.app.inject({ url })).body;
  const pems = pemsOf(await get(`/cr/${serial}.pem`));
  fs.writeFileSync(path.join(dir, 'leaf.pem'), pems[0]);
  fs.writeFileSync(path.join(dir, 'chain.pem'), pems.slice(1).join('') + (await get('/ca/crl-signer.pem')));
  fs.writeFileSync(path.join(dir, 'root.pem'), await get('/ca/root.pem'));
  const crl = await t.app.inject({ url: `/crl/${t.services.ca.crlSigner!.id}.crl` });
  fs.writeFileSync(path.join(dir, 'crl.der'), crl.rawPayload);
  openssl(dir, 'crl', '-inform', 'DER', '-in', 'crl.der', '-out', 'crl.pem');
  const args = ['-purpose', 'any', '-CAfile', 'root.pem', '-untrusted', 'chain.pem'];
  try {
    return openssl(dir, 'verify', ...args, '-crl_check', '-extended_crl', '-CRLfile', 'crl.pem', 'leaf.pem');
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    return `FAILED ${e.stdout ?? ''}${e.stderr ?? ''}`;
  }
}

type Row = { id: string; serial_number: string; customer_name: string; number_count: number };
const crlSerials = async () => {
  const crl = await t.app.inject({ url: `/crl/${t.services.ca.crlSigner!.id}.crl` });
  return new X509Crl(new Uint8Array(crl.rawPayload)).entries.map((e) => e.serialNumber.toLowerCase());
};

/**
 * A million numbers on PostgreSQL (CI's second run of the server tests); a hundred thousand on PGlite, where
 * writing the inventory alone takes about 25 s on this machine. The compression of a million numbers into one
 * range is also tested on its own (tests/unit).
 */
const BIG = usingPostgres ? 1_000_000 : 100_000;
const BIG_LAST = String(3035000000 + BIG - 1);
const BIG_HOLE = String(3035000000 + BIG - 2);

describe(`a block of ${BIG.toLocaleString('en-US')} numbers`, () => {
  it('is one range entry in the certificate, issued in reasonable time', async () => {
    await addNumbers(t, alice.spId, '3035000000', BIG);
    const started = Date.now();
    const res = await alice.post(DELEGATES, { customer_name: 'Big', numbers: `3035000000 - ${BIG_LAST}` });
    const took = Date.now() - started;
    expect(res.statusCode).toBe(201);
    expect(res.json().delegate).toMatchObject({
      number_count: BIG,
      numbers_summary: `3035000000–${BIG_LAST}`,
    });
    expect(took).toBeLessThan(10_000);
    const detail = (await alice.get(`${DELEGATES}/${res.json().delegate.id}`)).json();
    expect(detail.blocks).toEqual([{ start: '3035000000', count: BIG }]);
    const leaf = new X509Certificate(pemsOf(detail.chain_pem)[0]);
    const entries = decodeTnEntries(new Uint8Array(leaf.getExtension(TN_AUTH_LIST_OID)!.value));
    expect(entries).toEqual([{ range: { start: '13035000000', count: BIG } }]);
    // one number missing from the block is named, with no per-number query
    await t.db.query(`DELETE FROM numbers WHERE service_provider_id = $1 AND tn = $2`, [
      alice.spId,
      BIG_HOLE,
    ]);
    const short = await alice.post(DELEGATES, { customer_name: 'Big', numbers: `3035000000-${BIG_LAST}` });
    expect(short.statusCode).toBe(422);
    expect(short.json().numbers).toEqual([BIG_HOLE]);
  }, 120_000);
});

describe('the list, renewal and revocation', () => {
  let first: Row;
  let second: Row;

  it('lists with the list protocol: search, state filter, sorts, Content-Range', async () => {
    first = (await alice.post(DELEGATES, { customer_name: 'Acme', numbers: '2015550100-2015550109' })).json()
      .delegate;
    second = (
      await alice.post(DELEGATES, {
        customer_name: 'Zulu',
        numbers: '2015550150, 2015550152, 2015550154, 2015550156',
      })
    ).json().delegate;
    expect(second).toMatchObject({ numbers_summary: '2015550150, 2015550152, 2015550154, …' });
    const all = await alice.get(`${DELEGATES}${listQuery({ range: [0, 9] })}`);
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-range']).toBe('delegates 0-2/3');
    expect(all.json().map((r: Row) => r.customer_name)).toEqual(['Zulu', 'Acme', 'Big']);
    const byCount = await alice.get(`${DELEGATES}${listQuery({ sort: ['number_count', 'ASC'] })}`);
    expect(byCount.json().map((r: Row) => r.number_count)).toEqual([4, 10, BIG]);
    const byName = await alice.get(`${DELEGATES}${listQuery({ sort: ['customer_name', 'ASC'] })}`);
    expect(byName.json().map((r: Row) => r.customer_name)).toEqual(['Acme', 'Big', 'Zulu']);
    const q = await alice.get(`${DELEGATES}${listQuery({ filter: { q: 'zul' } })}`);
    expect(q.json().map((r: Row) => r.id)).toEqual([second.id]);
    const serial = await alice.get(`${DELEGATES}${listQuery({ filter: { q: first.serial_number } })}`);
    expect(serial.json().map((r: Row) => r.id)).toEqual([first.id]);
    const current = await alice.get(`${DELEGATES}${listQuery({ filter: { status: 'current' } })}`);
    expect(current.json()).toHaveLength(3);
    const bad = await alice.get(`${DELEGATES}${listQuery({ filter: { status: 'nope' } })}`);
    expect(bad.statusCode).toBe(400);
    expect((await alice.get(`${DELEGATES}${listQuery({ sort: ['serial', 'ASC'] })}`)).statusCode).toBe(400);
  });

  it('renews the current one: same customer and numbers, the old one replaced but valid', async () => {
    const res = await alice.post(`${DELEGATES}/${first.id}/renew`, {});
    expect(res.statusCode).toBe(201);
    const renewed = res.json().delegate;
    expect(res.json().private_key_pem).toMatch(/PRIVATE KEY/);
    expect(renewed).toMatchObject({ customer_name: 'Acme', number_count: 10, is_current: true });
    const old = (await alice.get(`${DELEGATES}/${first.id}`)).json();
    expect(old).toMatchObject({ status: 'issued', is_current: false, replaced_by: renewed.serial_number });
    const again = await alice.post(`${DELEGATES}/${first.id}/renew`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(DELEGATE_MESSAGES.notCurrent);
    const replaced = await alice.get(`${DELEGATES}${listQuery({ filter: { status: 'replaced' } })}`);
    expect(replaced.json().map((r: Row) => r.id)).toEqual([first.id]);
    const audit = await t.db.query<{ detail: string }>(
      `SELECT detail FROM audit_log WHERE action = 'certificate.issued' AND subject = $1`,
      [renewed.serial_number],
    );
    expect(audit[0].detail).toBe(`delegate for Acme, 10 numbers; renews ${first.serial_number}`);
  });

  it('revokes one: the CRL signer’s CRL lists it at once; it cannot be revoked or renewed again', async () => {
    expect(await verifiedWithCrl(second.serial_number)).toContain('leaf.pem: OK');
    const res = await alice.post(`${DELEGATES}/${second.id}/revoke`, { reason: 'key_compromise' });
    expect(res.json()).toEqual({ message: DELEGATE_MESSAGES.revoked });
    expect(await crlSerials()).toContain(second.serial_number);
    // openssl reads the indirect CRL's entry (its certificate issuer the STI-SCA) and finds it revoked
    expect(await verifiedWithCrl(second.serial_number)).toMatch(/certificate revoked/);
    const again = await alice.post(`${DELEGATES}/${second.id}/revoke`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(DELEGATE_MESSAGES.alreadyRevoked);
    expect((await alice.post(`${DELEGATES}/${second.id}/renew`, {})).json().message).toBe(
      DELEGATE_MESSAGES.alreadyRevoked,
    );
    const shown = (await alice.get(`${DELEGATES}/${second.id}`)).json();
    expect(shown).toMatchObject({
      status: 'revoked',
      revocation_reason: 'key_compromise',
      is_current: false,
    });
  });

  it('revokes every delegate certificate with the STI-SCA that signed them', async () => {
    const [sca] = (await alice.get('/api/service_provider/sti_sca')).json();
    const res = await alice.post(`/api/service_provider/sti_sca/${sca.id}/revoke`, {
      reason: 'cessation_of_operation',
    });
    expect(res.statusCode).toBe(200);
    const rows = (await alice.get(DELEGATES)).json() as { status: string; serial_number: string }[];
    expect(rows.map((r) => r.status)).toEqual(rows.map(() => 'revoked'));
    const listed = await crlSerials();
    for (const r of rows) expect(listed).toContain(r.serial_number);
    const none = await alice.post(DELEGATES, { customer_name: 'Acme', numbers: '2015550100' });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(DELEGATE_MESSAGES.noStiSca);
  });
});
