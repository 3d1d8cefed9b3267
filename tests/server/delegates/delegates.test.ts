// Delegate certificates over HTTP on the real app: created from typed numbers, blocks and a filter of the
// inventory, with a CSR or with a key made once; the certificate and its chain as a verifier reads them; and every
// refusal (inventory, other customers, no STI-SCA, bad CSR, bad lines, too many, another provider, other roles).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELEGATE_MESSAGES } from '../../../contract/delegates';
import { TN_AUTH_LIST_OID, X509Certificate, decodeTnEntries } from '../../../server/src/ca';
import { type TestApp, createTestApp, injectFetch, sessionToken } from '../helpers';
import { as } from '../resellers/resellers-fixtures';
import {
  DELEGATES,
  type Provider,
  STI_PA_ACCOUNTS,
  addNumbers,
  csrOf,
  openssl,
  pemsOf,
  provider,
} from './delegates-fixtures';

let t: TestApp;
let dir: string;
let alice: Provider;
let bob: Provider;

beforeAll(async () => {
  t = await createTestApp({
    stiPaFetch: injectFetch(() => t.app),
    config: { stiPaSimAccounts: STI_PA_ACCOUNTS },
  });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'delegates-'));
  alice = await provider(t);
  bob = await provider(t);
  await addNumbers(t, alice.spId, '2015550100', 100);
  await addNumbers(t, alice.spId, '2015550300', 10, { voip_user: 'pbx-1', organization: 'Acme' });
  await addNumbers(t, alice.spId, '2025550000', 1000);
  await addNumbers(t, bob.spId, '2015550100', 100);
  fs.writeFileSync(path.join(dir, 'root.pem'), (await t.app.inject({ url: '/ca/root.pem' })).body);
}, 60_000);

afterAll(async () => {
  await t?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const tnAuthList = (pem: string) =>
  decodeTnEntries(new Uint8Array(new X509Certificate(pem).getExtension(TN_AUTH_LIST_OID)!.value));
const spkiOf = (pem: string) => Buffer.from(new X509Certificate(pem).publicKey.rawData).toString('hex');

describe('POST /api/service_provider/delegates', () => {
  let acme: { id: string; serial_number: string };

  it('issues from typed numbers and blocks, with a key made once that matches the certificate', async () => {
    const res = await alice.post(DELEGATES, {
      customer_name: 'Acme Corp',
      customer_contact: 'ops@acme.test',
      numbers: '2015550100-2015550149\n2015550150, 2015550160',
    });
    expect(res.statusCode).toBe(201);
    const { delegate, private_key_pem } = res.json();
    expect(delegate).toMatchObject({
      status: 'issued',
      is_current: true,
      customer_name: 'Acme Corp',
      customer_contact: 'ops@acme.test',
      number_count: 52,
      numbers_summary: '2015550100–2015550150, 2015550160',
      replaced_by: null,
    });
    expect(private_key_pem).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    acme = delegate;
    const detail = (await alice.get(`${DELEGATES}/${delegate.id}`)).json();
    expect(detail.blocks).toEqual([
      { start: '2015550100', count: 51 },
      { start: '2015550160', count: 1 },
    ]);
    expect(JSON.stringify(detail)).not.toMatch(/PRIVATE KEY/);
    const [leaf] = pemsOf(detail.chain_pem);
    const publicKey = crypto.createPublicKey(crypto.createPrivateKey(private_key_pem));
    expect(spkiOf(leaf)).toBe(publicKey.export({ type: 'spki', format: 'der' }).toString('hex'));
    // E.164 digits with the country code, compressed
    expect(tnAuthList(leaf)).toEqual([
      { range: { start: '12015550100', count: 51 } },
      { one: '12015550160' },
    ]);
    const cert = new X509Certificate(leaf);
    expect(cert.subject).toMatch(/CN=SHAKEN \w{4} Delegate/);
    expect(cert.subject).toMatch(/O=Acme Corp/);
  });

  it('serves the three-certificate chain at the CR URL, which openssl verifies up to the root', async () => {
    const cr = await t.app.inject({ url: `/cr/${acme.serial_number}.pem` });
    expect(cr.statusCode).toBe(200);
    const pems = pemsOf(cr.body);
    expect(pems).toHaveLength(3);
    expect(new X509Certificate(pems[1]).subject).toMatch(/STI-SCA/);
    fs.writeFileSync(path.join(dir, 'chain.pem'), pems.slice(1).join(''));
    fs.writeFileSync(path.join(dir, 'leaf.pem'), pems[0]);
    const out = openssl(
      dir,
      'verify',
      '-purpose',
      'any',
      '-CAfile',
      'root.pem',
      '-untrusted',
      'chain.pem',
      'leaf.pem',
    );
    expect(out).toContain('leaf.pem: OK');
  });

  it('issues from a filter of the inventory with a CSR: the CSR’s key, no key answered', async () => {
    const csr = csrOf(dir, 'beta');
    const res = await alice.post(DELEGATES, { customer_name: 'Beta', filter: { voip_user: 'pbx-1' }, csr });
    expect(res.statusCode).toBe(201);
    const { delegate, private_key_pem } = res.json();
    expect(private_key_pem).toBeNull();
    expect(delegate).toMatchObject({ number_count: 10, numbers_summary: '2015550300–2015550309' });
    const chain = (await alice.get(`${DELEGATES}/${delegate.id}`)).json().chain_pem;
    const csrKey = openssl(dir, 'req', '-in', 'beta.csr', '-pubkey', '-noout');
    expect(spkiOf(pemsOf(chain)[0])).toBe(
      crypto.createPublicKey(csrKey).export({ type: 'spki', format: 'der' }).toString('hex'),
    );
  });

  it('takes the union of the typed numbers and the filter', async () => {
    const res = await alice.post(DELEGATES, {
      customer_name: 'Beta',
      numbers: '2025550900',
      filter: { q: '55503', organization: 'Acme' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().delegate).toMatchObject({ number_count: 11 });
  });

  it('names the numbers outside the inventory: 20 at most, then how many more', async () => {
    const res = await alice.post(DELEGATES, {
      customer_name: 'Acme Corp',
      numbers: '2015550100-2015550199\n2016660000-2016660029\n2015550250',
    });
    expect(res.statusCode).toBe(422);
    const missing = [
      '2015550250',
      ...Array.from({ length: 19 }, (_, i) => `20166600${String(i).padStart(2, '0')}`),
    ];
    expect(res.json().numbers).toEqual(missing);
    expect(res.json().message).toBe(
      DELEGATE_MESSAGES.notInInventory.replace('${numbers}', `${missing.join(', ')} and 11 more`),
    );
  });

  it('counts no number of an import still running as held', async () => {
    const importId = crypto.randomUUID();
    await t.db.query(
      `INSERT INTO number_imports (id, service_provider_id, filename, status, hidden_rows)
       VALUES ($1, $2, 'running.csv', 'processing', true)`,
      [importId, alice.spId],
    );
    await t.db.query(
      `INSERT INTO numbers (service_provider_id, tn, import_id) VALUES ($1, '2035550100', $2)`,
      [alice.spId, importId],
    );
    const res = await alice.post(DELEGATES, { customer_name: 'Acme Corp', numbers: '2035550100' });
    expect(res.statusCode).toBe(422);
    expect(res.json().numbers).toEqual(['2035550100']);
  });

  it('refuses numbers a live certificate of another customer holds, naming them', async () => {
    const res = await alice.post(DELEGATES, {
      customer_name: 'Gamma',
      numbers: '2015550140-2015550145\n2015550199',
    });
    expect(res.statusCode).toBe(409);
    const taken = ['2015550140', '2015550141', '2015550142', '2015550143', '2015550144', '2015550145'];
    expect(res.json()).toMatchObject({
      numbers: taken,
      message: DELEGATE_MESSAGES.delegatedElsewhere.replace('${numbers}', taken.join(', ')),
    });
  });

  it('lets the same customer (whatever the case of its name) hold overlapping certificates', async () => {
    const res = await alice.post(DELEGATES, {
      customer_name: 'acme corp',
      customer_contact: 'noc@acme.test',
      numbers: '2015550120-2015550130',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().delegate).toMatchObject({
      customer_id: (acme as never as { customer_id: string }).customer_id,
    });
    expect(res.json().delegate.customer_contact).toBe('noc@acme.test');
  });

  it('is not blocked by another customer’s revoked or expired certificate', async () => {
    const delta = (
      await alice.post(DELEGATES, { customer_name: 'Delta', numbers: '2025550000-2025550009' })
    ).json();
    expect((await alice.post(`${DELEGATES}/${delta.delegate.id}/revoke`, {})).statusCode).toBe(200);
    const eps = await alice.post(DELEGATES, { customer_name: 'Epsilon', numbers: '2025550005' });
    expect(eps.statusCode).toBe(201);
    const zeta = (
      await alice.post(DELEGATES, { customer_name: 'Zeta', numbers: '2025550100-2025550109' })
    ).json();
    await t.db.query(
      `UPDATE certificates SET not_before = now() - interval '2 days', not_after = now() - interval '1 day'
        WHERE id = $1`,
      [zeta.delegate.id],
    );
    expect((await alice.post(DELEGATES, { customer_name: 'Eta', numbers: '2025550100' })).statusCode).toBe(
      201,
    );
    const expired = (await alice.get(`${DELEGATES}/${zeta.delegate.id}`)).json();
    expect(expired.is_current).toBe(false);
  });

  it('needs a current STI-SCA and an active subscription', async () => {
    const carol = await provider(t, { stiSca: false });
    await addNumbers(t, carol.spId, '2015550100', 10);
    const res = await carol.post(DELEGATES, { customer_name: 'C', numbers: '2015550100' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(DELEGATE_MESSAGES.noStiSca);
    const dave = await provider(t);
    await addNumbers(t, dave.spId, '2015550100', 10);
    await t.db.query(
      `UPDATE subscriptions SET current_period_start = now() - interval '40 days',
                                current_period_end = now() - interval '1 day'
        WHERE service_provider_id = $1`,
      [dave.spId],
    );
    const inactive = await dave.post(DELEGATES, { customer_name: 'D', numbers: '2015550100' });
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json().message).toBe(DELEGATE_MESSAGES.subscriptionInactive);
  });

  it('refuses a CSR that is not a P-256 request it signed, with a 422 naming the csr', async () => {
    const send = (csr: string) =>
      alice.post(DELEGATES, { customer_name: 'Acme Corp', numbers: '2015550101', csr });
    const garbage = await send('not a csr');
    expect(garbage.statusCode).toBe(422);
    expect(garbage.json().errors.csr).toMatch(/PEM certificate request/);
    const rsa = await send(csrOf(dir, 'rsa', ['-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048']));
    expect(rsa.statusCode).toBe(422);
    expect(rsa.json().message).toMatch(/P-256/);
    const good = csrOf(dir, 'tampered');
    const der = Buffer.from(good.replace(/-----[^-]+-----|\s/g, ''), 'base64');
    der[der.length - 5] ^= 0x01; // a byte of the signature
    const b64 = der.toString('base64').replace(/.{64}/g, '$&\n');
    const bad = await send(`-----BEGIN CERTIFICATE REQUEST-----\n${b64}\n-----END CERTIFICATE REQUEST-----`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toMatch(/signature does not verify|not a PKCS#10/);
  });

  it('refuses bad lines, nothing picked, and more than a million numbers', async () => {
    const post = (body: object) => alice.post(DELEGATES, { customer_name: 'Acme Corp', ...body });
    const bad = await post({ numbers: '2015550100\nabc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/abc is neither/);
    expect((await post({ numbers: '2015550199-2015550100' })).statusCode).toBe(400);
    expect((await post({})).statusCode).toBe(400);
    expect((await post({ numbers: '2015550100', extra: 1 })).statusCode).toBe(400);
    expect((await post({ filter: { q: 'x' } })).statusCode).toBe(400);
    const control = await alice.post(DELEGATES, { customer_name: '\u0001\u0002', numbers: '2015550100' });
    expect(control.statusCode).toBe(400);
    const many = await post({ numbers: '2015000000-2016000000' });
    expect(many.statusCode).toBe(422);
    expect(many.json().message).toBe(DELEGATE_MESSAGES.tooManyNumbers);
  });

  it('writes a long customer name into O cut to 64 characters, and keeps it whole', async () => {
    const name = `Ω\t${'Long Name Company '.repeat(6)}😀`.slice(0, 100);
    const res = await alice.post(DELEGATES, { customer_name: name, numbers: '2025550700' });
    expect(res.statusCode).toBe(201);
    expect(res.json().delegate.customer_name).toBe(name);
    const chain = (await alice.get(`${DELEGATES}/${res.json().delegate.id}`)).json().chain_pem;
    const o = new X509Certificate(pemsOf(chain)[0]).subjectName.getField('O')[0];
    expect(o).toBe(Array.from(name.replace('\t', ' ')).slice(0, 64).join('').trim());
  });

  it('keeps no key for a repeat with the same Idempotency-Key: it gets the certificate without the key', async () => {
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: DELEGATES,
        headers: {
          authorization: `Bearer ${alice.token}`,
          'content-type': 'application/json',
          'idempotency-key': 'delegate-once',
        },
        payload: JSON.stringify({ customer_name: 'Theta', numbers: '2025550500' }),
      });
    const first = await send();
    expect(first.statusCode).toBe(201);
    expect(first.json().private_key_pem).toMatch(/PRIVATE KEY/);
    const repeat = await send();
    expect(repeat.statusCode).toBe(201);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.json()).toEqual({ ...first.json(), private_key_pem: null });
    const kept = await t.db.query<{ body: string }>(
      `SELECT convert_from(response_body, 'UTF8') AS body FROM idempotency_keys WHERE idempotency_key = $1`,
      ['delegate-once'],
    );
    expect(kept).toHaveLength(1);
    expect(kept[0].body).not.toMatch(/PRIVATE KEY/);
  });

  it('lets one of two concurrent requests of different customers for the same numbers through', async () => {
    const [a, b] = await Promise.all([
      alice.post(DELEGATES, { customer_name: 'Iota', numbers: '2025550600-2025550610' }),
      alice.post(DELEGATES, { customer_name: 'Kappa', numbers: '2025550605-2025550620' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
  });

  it('issues from a filter of scattered numbers: each run one entry, in number order', async () => {
    // 2045550000-2045550019: the even ones, and 2045550011-2045550013 too, are "Spread"; the others "Gap"
    const spread = [0, 2, 4, 6, 8, 10, 11, 12, 13, 14, 16, 18];
    for (let i = 0; i < 20; i++)
      await addNumbers(t, alice.spId, `20455500${String(i).padStart(2, '0')}`, 1, {
        organization: spread.includes(i) ? 'Spread' : 'Gap',
      });
    const res = await alice.post(DELEGATES, { customer_name: 'Lambda', filter: { organization: 'Spread' } });
    expect(res.statusCode).toBe(201);
    const detail = (await alice.get(`${DELEGATES}/${res.json().delegate.id}`)).json();
    expect(detail.number_count).toBe(spread.length);
    const one = (n: number) => ({ one: `120455500${String(n).padStart(2, '0')}` });
    expect(tnAuthList(pemsOf(detail.chain_pem)[0])).toEqual([
      ...[0, 2, 4, 6, 8].map(one),
      { range: { start: '12045550010', count: 5 } },
      ...[16, 18].map(one),
    ]);
    // another customer's numbers between them do not clash; one of them does, and is named
    const gaps = await alice.post(DELEGATES, { customer_name: 'Mu', filter: { organization: 'Gap' } });
    expect(gaps.statusCode).toBe(201);
    expect(gaps.json().delegate.number_count).toBe(20 - spread.length);
    const clash = await alice.post(DELEGATES, {
      customer_name: 'Mu',
      numbers: '2045550001\n2045550012\n2045550019',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().numbers).toEqual(['2045550012']);
  });

  it('is another provider’s 404, and no route of a reseller or an admin', async () => {
    for (const res of [
      await bob.get(`${DELEGATES}/${acme.id}`),
      await bob.post(`${DELEGATES}/${acme.id}/renew`, {}),
      await bob.post(`${DELEGATES}/${acme.id}/revoke`, {}),
      await bob.get(`${DELEGATES}/not-a-uuid`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(DELEGATE_MESSAGES.notFound);
    }
    expect((await bob.get(DELEGATES)).json()).toEqual([]);
    // bob's own inventory holds 2015550100: alice's customers do not block bob's
    expect((await bob.post(DELEGATES, { customer_name: 'Gamma', numbers: '2015550140' })).statusCode).toBe(
      201,
    );
    for (const type of ['admin', 'reseller'] as const) {
      const other = as(t, await sessionToken(t, { type }));
      expect((await other.get(DELEGATES)).statusCode).toBe(403);
      expect((await other.post(DELEGATES, { customer_name: 'X', numbers: '2015550100' })).statusCode).toBe(
        403,
      );
    }
  });
});
