// ACME for a provider's delegate customers (docs/acme.md, "Delegate certificates by ACME"), over a real port with
// the published acme-client: the provider hands a customer a credential bound to numbers of its inventory; the
// customer's account orders a TNAuthList of those numbers, asks the portal's token authority for a token (RFC 9448
// §5), answers tkauth-01 with it, finalizes with a CSR and downloads the delegate chain, which openssl verifies to
// the CA's root. Then what is refused: numbers outside the credential's, tokens of another list, of the STI-PA, or
// spent, a provider's own account at the token authority, identifiers not listed as the certificate would.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as acme from 'acme-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TN_AUTH_LIST_OID, type TnAuthEntry, encodeTnEntries, x509 } from '../../../server/src/ca';
import type { TestApp } from '../helpers';
import { type Provider, api } from '../billing/billing-fixtures';
import {
  type AcmeWorld,
  apiRequest,
  boundClient,
  csrWithKeys,
  identifier as spcIdentifier,
  spcToken,
  spkiFingerprint,
  startWorld,
  stopWorld,
} from './acme-fixtures';

let w: AcmeWorld;
let t: TestApp;
let provider: Provider;

const CUSTOMER = 'Acme Dental';
/** What the credential binds: 2015550100–2015550149 and 2015550300. */
const BOUND = '2015550100-2015550149\n2015550300';
const entries: TnAuthEntry[] = [{ range: { start: '12015550100', count: 50 } }, { one: '12015550300' }];
const der = (e: TnAuthEntry[]) => new Uint8Array(encodeTnEntries(e));
const idOf = (e: TnAuthEntry[]) => ({ type: 'TNAuthList', value: Buffer.from(der(e)).toString('base64url') });

beforeAll(async () => {
  w = await startWorld('acme-delegates-');
  ({ t, provider } = w);
  const sca = await api(t, w.token).post('/api/service_provider/sti_sca', {
    sti_pa_username: 'demo',
    sti_pa_password: 'demo-pass',
  });
  expect(sca.json()).toMatchObject({ success: true });
  await t.db.query(
    `INSERT INTO numbers (service_provider_id, tn, organization)
     SELECT $1::uuid, (2015550100 + g)::text, 'Dental' FROM generate_series(0, 299) g`,
    [provider.spId],
  );
}, 60_000);
afterAll(stopWorld);

/** A credential for the customer, as the provider creates it in the portal. */
async function customerCredential(
  body: Record<string, unknown> = { customer_name: CUSTOMER, numbers: BOUND },
) {
  return api(t, w.token).post('/api/service_provider/acme/eab', body);
}

/** A customer's acme-client with a fresh ES256 account bound by a new credential (for the numbers BOUND). */
async function customerClient(body?: Record<string, unknown>) {
  const res = await customerCredential(body);
  expect(res.statusCode).toBe(201);
  const cred = res.json() as { key_id: string; hmac_key: string };
  const accountKey = await acme.crypto.createPrivateEcdsaKey();
  const client = new acme.Client({
    directoryUrl: `${w.base}/acme/directory`,
    accountKey,
    externalAccountBinding: { kid: cred.key_id, hmacKey: cred.hmac_key },
  });
  await client.createAccount({ termsOfServiceAgreed: true });
  return { client, accountKey, keyId: cred.key_id };
}

interface Challenge {
  url: string;
  type: string;
  status: string;
  'token-authority'?: string;
}

/** The order's one challenge, as acme-client reads it. */
async function challengeOf(client: acme.Client, order: acme.Order) {
  const [authz] = await client.getAuthorizations(order);
  return authz.challenges[0] as unknown as Challenge;
}

/** A token of the portal's token authority, asked as a customer's client asks (RFC 9448 §5). */
async function authorityToken(
  client: acme.Client,
  accountKey: Buffer,
  list: TnAuthEntry[] = entries,
  codes = [200],
) {
  return apiRequest<{ token?: string; type?: string; detail?: string }>(
    client,
    `${w.base}/acme/token-authority`,
    {
      atc: {
        tktype: 'TNAuthList',
        tkvalue: Buffer.from(der(list)).toString('base64'),
        ca: false,
        fingerprint: spkiFingerprint(accountKey),
      },
    },
    codes,
  );
}

describe('a delegate customer orders with acme-client', () => {
  it('orders its numbers, answers with an authority token and downloads a delegate chain openssl verifies', async () => {
    const { client, accountKey } = await customerClient();
    const order = await client.createOrder({ identifiers: [idOf(entries)] });
    expect(order).toMatchObject({ status: 'pending', identifiers: [idOf(entries)] });
    const challenge = await challengeOf(client, order);
    expect(challenge).toMatchObject({
      type: 'tkauth-01',
      status: 'pending',
      'tkauth-type': 'atc',
      'token-authority': `${w.base}/acme/token-authority`,
    });

    const { data } = await authorityToken(client, accountKey);
    const [header] = data.token!.split('.');
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({
      alg: 'ES256',
      typ: 'JWT',
      x5u: `${w.base}/acme/token-authority.pem`,
    });
    const answered = await apiRequest(client, challenge.url, { tkauth: data.token }, [200]);
    expect(answered.data).toMatchObject({ status: 'valid' });
    expect(await client.getOrder(order)).toMatchObject({ status: 'ready' });

    const extension = new x509.Extension(TN_AUTH_LIST_OID, false, der(entries));
    const { pem } = await csrWithKeys({ extensions: [extension] });
    const finalized = await client.finalizeOrder(order, pem);
    expect(finalized.status).toBe('valid');
    const chain = await client.getCertificate(finalized);
    const certs = chain.split(/(?=-----BEGIN CERTIFICATE-----)/);
    expect(certs).toHaveLength(3);
    const leaf = new x509.X509Certificate(certs[0]);
    expect(Buffer.from(leaf.getExtension(TN_AUTH_LIST_OID)!.value)).toEqual(Buffer.from(der(entries)));
    expect(leaf.subject).toContain(`O=${CUSTOMER}`);

    // the delegate, its STI-SCA and the delegate intermediate, to the CA's root, with the path length honoured
    fs.writeFileSync(path.join(w.dir, 'delegate.pem'), certs[0]);
    fs.writeFileSync(path.join(w.dir, 'untrusted.pem'), certs.slice(1).join(''));
    fs.writeFileSync(path.join(w.dir, 'root.pem'), t.services.ca.root.pem);
    const verified = execFileSync(
      'openssl',
      ['verify', '-purpose', 'any', '-CAfile', 'root.pem', '-untrusted', 'untrusted.pem', 'delegate.pem'],
      { cwd: w.dir, encoding: 'utf8' },
    );
    expect(verified.trim()).toBe('delegate.pem: OK');

    // recorded as the portal's delegate certificates are: for the customer, its 51 numbers, audited, listed
    const serial = leaf.serialNumber.toLowerCase();
    const [row] = await t.db.query<{ kind: string; customer: string; number_count: string }>(
      `SELECT c.kind, cu.name AS customer, d.number_count::text
         FROM certificates c JOIN delegate_certificates d ON d.certificate_id = c.id
         JOIN delegate_customers cu ON cu.id = d.customer_id WHERE c.serial_number = $1`,
      [serial],
    );
    expect(row).toEqual({ kind: 'delegate', customer: CUSTOMER, number_count: '51' });
    const listed = await api(t, w.token).get('/api/service_provider/delegates');
    expect(listed.json().map((d: { serial_number: string }) => d.serial_number)).toContain(serial);
    expect((await fetch(`${w.base}/cr/${serial}.pem`)).status).toBe(200);
    // the token authority's certificate, at its tokens' x5u, names its key
    const ta = await fetch(`${w.base}/acme/token-authority.pem`);
    expect(ta.status).toBe(200);
    expect(new x509.X509Certificate(await ta.text()).subject).toContain('token authority');
  });

  it('lists the credential with its customer and numbers; the audit names them', async () => {
    const res = await customerCredential();
    const created = res.json() as { key_id: string; customer_name: string; number_count: number };
    expect(created).toMatchObject({ customer_name: CUSTOMER, number_count: 51 });
    const list = await api(t, w.token).get('/api/service_provider/acme/eab');
    const row = list.json().find((r: { key_id: string }) => r.key_id === created.key_id);
    expect(row).toMatchObject({ customer_name: CUSTOMER, number_count: 51, status: 'unused' });
    const own = (await api(t, w.token).post('/api/service_provider/acme/eab')).json();
    expect(own).not.toHaveProperty('customer_name');
    const [audit] = await t.db.query<{ detail: string }>(
      `SELECT detail FROM audit_log WHERE action = 'acme_credential.created' AND subject = $1`,
      [created.key_id],
    );
    expect(audit.detail).toBe(`for ${CUSTOMER}, 51 numbers`);
  });
});

describe('what a customer credential refuses', () => {
  it('refuses numbers outside the inventory, numbers of another customer, and nothing picked', async () => {
    const missing = await customerCredential({ customer_name: CUSTOMER, numbers: '2015559999' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toContain('2015559999');
    // the first test's certificate for Acme Dental holds 2015550120; a certificate of Other Clinic holds 2015550250
    const held = await customerCredential({ customer_name: 'Other Clinic', numbers: '2015550120' });
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toContain('2015550120');
    const issued = await api(t, w.token).post('/api/service_provider/delegates', {
      customer_name: 'Other Clinic',
      numbers: '2015550250',
    });
    expect(issued.statusCode).toBe(201);
    const clash = await customerCredential({ customer_name: CUSTOMER, numbers: '2015550250' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toContain('2015550250');
    // the customer's own certificate blocks nothing of its own
    expect(
      (await customerCredential({ customer_name: 'acme dental', numbers: '2015550120' })).statusCode,
    ).toBe(201);
    const none = await customerCredential({ customer_name: CUSTOMER });
    expect(none.statusCode).toBe(400);
  });

  it('refuses an order of numbers outside the credential, an SPC, and a list not written as the certificate', async () => {
    const { client } = await customerClient();
    const outside = await apiRequest(
      client,
      `${w.base}/acme/new-order`,
      { identifiers: [idOf([{ range: { start: '12015550100', count: 51 } }])] },
      [400],
    );
    expect(outside.data).toMatchObject({ type: 'urn:ietf:params:acme:error:rejectedIdentifier' });
    expect(outside.data.detail).toContain('not all among those your provider handed');
    const spc = await apiRequest(
      client,
      `${w.base}/acme/new-order`,
      { identifiers: [spcIdentifier()] },
      [400],
    );
    expect(spc.data.detail).toContain("not its provider's SPC");
    const split = idOf([
      { range: { start: '12015550100', count: 10 } },
      { range: { start: '12015550110', count: 10 } },
    ]);
    const notCanonical = await apiRequest(
      client,
      `${w.base}/acme/new-order`,
      { identifiers: [split] },
      [400],
    );
    expect(notCanonical.data.detail).toContain('as the certificate will');
    const tenDigits = idOf([{ one: '2015550100' }]);
    const national = await apiRequest(
      client,
      `${w.base}/acme/new-order`,
      { identifiers: [tenDigits] },
      [400],
    );
    expect(national.data.detail).toContain('is not 1 followed by 10 digits');
  });

  it("gives no token for numbers outside the credential, for another key, or to a provider's own account", async () => {
    const { client, accountKey } = await customerClient();
    const outside = await authorityToken(client, accountKey, [{ one: '12015550150' }], [403]);
    expect(outside.data.detail).toContain('not all among those');
    const other = await acme.crypto.createPrivateEcdsaKey();
    const otherKey = await authorityToken(client, other, entries, [403]);
    expect(otherKey.data.detail).toContain("not this account's key");
    const own = await boundClient();
    const providers = await authorityToken(own.client, own.accountKey, entries, [403]);
    expect(providers.data.detail).toContain("orders its provider's SPC");
  });

  it('makes the challenge invalid for an STI-PA token, a token of another list, and a token spent', async () => {
    const { client, accountKey } = await customerClient();
    const answer = async (token: string, list = entries) => {
      const order = await client.createOrder({ identifiers: [idOf(list)] });
      const challenge = await challengeOf(client, order);
      return (await apiRequest(client, challenge.url, { tkauth: token }, [200])).data;
    };
    const sti = await answer(await spcToken(accountKey));
    expect(sti).toMatchObject({ status: 'invalid' });
    expect(sti.error?.detail).toContain("x5u must be this portal's token authority");

    const single = [{ one: '12015550300' }];
    const forSingle = (await authorityToken(client, accountKey, single)).data.token!;
    const mismatch = await answer(forSingle);
    expect(mismatch.error?.detail).toContain("tkvalue is not the order's TNAuthList");

    expect(await answer(forSingle, single)).toMatchObject({ status: 'valid' });
    const again = await answer(forSingle, single);
    expect(again).toMatchObject({ status: 'invalid' });
    expect(again.error?.detail).toContain('already used');
  });

  it('finalize refuses a CSR of another list, and numbers another customer was given meanwhile', async () => {
    const { client, accountKey } = await customerClient({
      customer_name: CUSTOMER,
      numbers: '2015550200-2015550210',
    });
    const list = [{ one: '12015550205' }];
    const order = await client.createOrder({ identifiers: [idOf(list)] });
    const challenge = await challengeOf(client, order);
    const token = (await authorityToken(client, accountKey, list)).data.token;
    await apiRequest(client, challenge.url, { tkauth: token }, [200]);
    const csrOf = async (l: TnAuthEntry[]) =>
      (await csrWithKeys({ extensions: [new x509.Extension(TN_AUTH_LIST_OID, false, der(l))] })).pem;
    const csrBody = async (l: TnAuthEntry[]) => ({
      csr: Buffer.from(new x509.Pkcs10CertificateRequest(await csrOf(l)).rawData).toString('base64url'),
    });
    const wrong = await apiRequest(client, order.finalize, await csrBody([{ one: '12015550206' }]), [400]);
    expect(wrong.data.detail).toBe('The CSR TNAuthList is not the order identifier');
    // a credential reserves nothing: the provider gives the number to another customer's certificate
    const other = await api(t, w.token).post('/api/service_provider/delegates', {
      customer_name: 'Late Clinic',
      numbers: '2015550205',
    });
    expect(other.statusCode).toBe(201);
    const refused = await apiRequest(client, order.finalize, await csrBody(list), [403]);
    expect(refused.data).toMatchObject({ type: 'urn:ietf:params:acme:error:unauthorized' });
    expect(refused.data.detail).toContain('delegated to another customer: 2015550205');
    expect(await client.getOrder(order)).toMatchObject({ status: 'ready' });
  });

  it("revokes its own delegate certificates only: never the provider's, nor another customer's", async () => {
    const key = (await api(t, w.token).post('/api/service_provider/generate_sti_priv_key')).json();
    const shaken = await api(t, w.token).post('/api/service_provider/generate_sti_spc_cert', {
      sti_pa_username: 'demo',
      sti_pa_password: 'demo-pass',
      private_key_uuid: key.priv_key_uuid,
    });
    const shakenSerial = shaken.json().certificate.serial_number as string;
    const leafOf = async (serial: string) =>
      (await (await fetch(`${w.base}/cr/${serial}.pem`)).text()).split(/(?=-----BEGIN CERTIFICATE-----)/)[0];
    const other = await api(t, w.token).post('/api/service_provider/delegates', {
      customer_name: 'Other Clinic',
      numbers: '2015550260',
    });
    const otherSerial = other.json().delegate.serial_number as string;

    const { client, accountKey } = await customerClient();
    for (const serial of [shakenSerial, otherSerial])
      await expect(client.revokeCertificate(await leafOf(serial), { reason: 1 })).rejects.toThrow(
        'This account may not revoke this certificate',
      );
    const list = [{ one: '12015550140' }];
    const order = await client.createOrder({ identifiers: [idOf(list)] });
    const token = (await authorityToken(client, accountKey, list)).data.token;
    await apiRequest(client, (await challengeOf(client, order)).url, { tkauth: token }, [200]);
    const { pem } = await csrWithKeys({
      extensions: [new x509.Extension(TN_AUTH_LIST_OID, false, der(list))],
    });
    const chain = await client.getCertificate(await client.finalizeOrder(order, pem));
    await client.revokeCertificate(chain.split(/(?=-----BEGIN CERTIFICATE-----)/)[0], { reason: 1 });
    const serial = new x509.X509Certificate(chain.split(/(?=-----BEGIN CERTIFICATE-----)/)[0]).serialNumber;
    const rows = await t.db.query<{
      serial_number: string;
      status: string;
      revocation_reason: string | null;
    }>(`SELECT serial_number, status, revocation_reason FROM certificates WHERE serial_number = ANY($1)`, [
      [shakenSerial, otherSerial, serial.toLowerCase()],
    ]);
    expect(Object.fromEntries(rows.map((r) => [r.serial_number, [r.status, r.revocation_reason]]))).toEqual({
      [shakenSerial]: ['issued', null],
      [otherSerial]: ['issued', null],
      [serial.toLowerCase()]: ['revoked', 'key_compromise'],
    });
  });

  it('a revoked credential ends its account', async () => {
    const { client, accountKey, keyId } = await customerClient();
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/service_provider/acme/eab/${keyId}`,
      headers: { authorization: `Bearer ${w.token}` },
    });
    expect(revoked.statusCode).toBe(200);
    const refused = await authorityToken(client, accountKey, entries, [401, 403]);
    expect(refused.data.type).toBe('urn:ietf:params:acme:error:unauthorized');
  });
});
