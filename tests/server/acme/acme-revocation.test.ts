// revokeCert (RFC 8555 §7.6) by the account and by the certificate's own key, ARI's renewalInfo (RFC 9773), and
// keyChange (§7.3.5), with acme-client where it speaks them and jose where it does not.
import { randomBytes } from 'node:crypto';
import * as acme from 'acme-client';
import { FlattenedSign, exportJWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { x509 } from '../../../server/src/ca';
import type { TestApp } from '../helpers';
import {
  apiRequest,
  boundClient,
  certIdOf,
  csrWithKeys,
  identifier,
  readyOrder,
  startWorld,
  stopWorld,
} from './acme-fixtures';

let t: TestApp;
let base: string;

beforeAll(async () => {
  ({ t, base } = await startWorld('acme-revocation-'));
}, 60_000);
afterAll(stopWorld);

/** A certificate issued through ACME: its chain, its leaf's DER as base64url, and the keys of its CSR. */
async function issued(client: acme.Client, accountKey: Buffer) {
  const order = await readyOrder(client, accountKey);
  const csr = await csrWithKeys();
  const finalized = await client.finalizeOrder(order, csr.pem);
  const chain = await client.getCertificate(finalized);
  const leafPem = chain.split(/(?=-----BEGIN CERTIFICATE-----)/)[0];
  const leaf = new x509.X509Certificate(leafPem);
  return { chain, leafPem, leaf, keys: csr.keys, serial: leaf.serialNumber.toLowerCase() };
}

async function statusOf(serial: string) {
  const [row] = await t.db.query<{ status: string; revocation_reason: string | null }>(
    'SELECT status, revocation_reason FROM certificates WHERE serial_number = $1',
    [serial],
  );
  return row;
}

const problemType = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return (e as Error).message;
  }
  return 'no error';
};

describe('ARI renewalInfo', () => {
  it('suggests the last third of the life of a certificate, and now once it is revoked', async () => {
    const { client, accountKey } = await boundClient();
    const { leaf, leafPem } = await issued(client, accountKey);
    const dir = await (await fetch(`${base}/acme/directory`)).json();
    const url = `${dir.renewalInfo}/${certIdOf(leaf)}`;
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('retry-after')).toBe(String(6 * 3600));
    const { suggestedWindow } = await res.json();
    const from = leaf.notBefore.getTime();
    const life = leaf.notAfter.getTime() - from;
    const start = Date.parse(suggestedWindow.start);
    const end = Date.parse(suggestedWindow.end);
    expect(start).toBeGreaterThanOrEqual(from + (life * 2) / 3 - 1000);
    expect(end).toBeLessThan(leaf.notAfter.getTime());
    expect(end).toBeGreaterThan(start);

    await client.revokeCertificate(leafPem, { reason: 4 });
    const after = await (await fetch(url)).json();
    expect(Date.parse(after.suggestedWindow.end)).toBeLessThanOrEqual(Date.now() + 1000);

    const unknown = await fetch(
      `${dir.renewalInfo}/${certIdOf(leaf).split('.')[0]}.${randomBytes(16).toString('base64url')}`,
    );
    expect(unknown.status).toBe(404);
    expect((await fetch(`${dir.renewalInfo}/not-a-cert-id`)).status).toBe(400);
  });
});

describe("ARI's replaces in newOrder", () => {
  type Replacing = acme.Order & { replaces?: string };
  const replacing = (client: acme.Client, replaces: unknown) =>
    client.createOrder({ identifiers: [identifier()], replaces } as never) as Promise<Replacing>;

  it('names the certificate a new order replaces; one order at a time replaces it', async () => {
    const { client, accountKey } = await boundClient();
    const { leaf } = await issued(client, accountKey);
    const certId = certIdOf(leaf);
    const order = await replacing(client, certId);
    expect(order.replaces).toBe(certId);
    const [row] = await t.db.query<{ replaces_certificate_id: string }>(
      'SELECT replaces_certificate_id FROM acme_orders WHERE replaces = $1',
      [certId],
    );
    const [cert] = await t.db.query<{ id: string }>('SELECT id FROM certificates WHERE serial_number = $1', [
      leaf.serialNumber.toLowerCase(),
    ]);
    expect(row.replaces_certificate_id).toBe(cert.id);

    // a second order replacing it, at once or later, is a conflict; so are two at the same time
    await expect(replacing(client, certId)).rejects.toThrow(/already replaces this certificate/);
    const res = await apiRequest(client, `${base}/acme/new-order`, {
      identifiers: [identifier()],
      replaces: certId,
    });
    expect(res.status).toBe(409);
    expect((res.data as { type: string }).type).toBe('urn:ietf:params:acme:error:alreadyReplaced');

    // the first order, once expired, no longer holds the certificate
    await t.db.query(`UPDATE acme_orders SET expires_on = now() - interval '1 minute' WHERE replaces = $1`, [
      certId,
    ]);
    const [one, two] = await Promise.allSettled([replacing(client, certId), replacing(client, certId)]);
    expect([one.status, two.status].sort()).toEqual(['fulfilled', 'rejected']);
  });

  it('refuses a certID this CA did not issue, and a replaces that is no certID', async () => {
    const { client, accountKey } = await boundClient();
    const { leaf } = await issued(client, accountKey);
    const unknown = `${certIdOf(leaf).split('.')[0]}.${randomBytes(16).toString('base64url')}`;
    const none = await apiRequest(client, `${base}/acme/new-order`, {
      identifiers: [identifier()],
      replaces: unknown,
    });
    expect(none.status).toBe(404);
    expect((none.data as { type: string }).type).toBe('urn:ietf:params:acme:error:malformed');
    for (const bad of [42, 'not-a-cert-id', 'x'.repeat(300)]) {
      const res = await apiRequest(client, `${base}/acme/new-order`, {
        identifiers: [identifier()],
        replaces: bad,
      });
      expect(res.status, String(bad)).toBe(400);
      expect((res.data as { type: string }).type).toBe('urn:ietf:params:acme:error:malformed');
    }
  });
});

describe('revokeCert', () => {
  it('revokes by the account, with the reason, once', async () => {
    const { client, accountKey } = await boundClient();
    const { leafPem, serial } = await issued(client, accountKey);
    await client.revokeCertificate(leafPem, { reason: 1 });
    expect(await statusOf(serial)).toEqual({ status: 'revoked', revocation_reason: 'key_compromise' });
    expect(await problemType(client.revokeCertificate(leafPem))).toMatch(/already revoked/);
    const [audit] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'certificate.revoked' AND subject = $1`,
      [serial],
    );
    expect(audit.n).toBe(1);
  });

  it("revokes by the certificate's own key, signed with it (jwk), without any account", async () => {
    const { client, accountKey } = await boundClient();
    const { leaf, keys, serial } = await issued(client, accountKey);
    const url = `${base}/acme/revoke-cert`;
    const nonce = (await fetch(`${base}/acme/new-nonce`, { method: 'HEAD' })).headers.get('replay-nonce')!;
    const { kty, crv, x, y } = await exportJWK(keys.publicKey);
    const payload = { certificate: Buffer.from(leaf.rawData).toString('base64url'), reason: 5 };
    const jws = await new FlattenedSign(new TextEncoder().encode(JSON.stringify(payload)))
      .setProtectedHeader({ alg: 'ES256', jwk: { kty, crv, x, y }, nonce, url })
      .sign(keys.privateKey);
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/jose+json' },
      body: JSON.stringify(jws),
    });
    expect(res.status).toBe(200);
    expect(await statusOf(serial)).toEqual({
      status: 'revoked',
      revocation_reason: 'cessation_of_operation',
    });
  });

  it('refuses another provider, another key, an unknown reason and a certificate it did not issue', async () => {
    const { client, accountKey } = await boundClient();
    const { leafPem, serial } = await issued(client, accountKey);
    expect(await problemType(client.revokeCertificate(leafPem, { reason: 2 }))).toMatch(
      /reason must be one of/,
    );

    const { activeProvider, tokenOf } = await import('../billing/billing-fixtures');
    const stranger = await boundClient(await tokenOf(t, await activeProvider(t)));
    expect(await problemType(stranger.client.revokeCertificate(leafPem))).toMatch(/may not revoke/);

    // signed by a key that is neither an account's nor the certificate's
    const outsider = new acme.Client({
      directoryUrl: `${base}/acme/directory`,
      accountKey: await acme.crypto.createPrivateEcdsaKey(),
    });
    const api = (
      outsider as unknown as {
        api: {
          apiRequest(
            u: string,
            p: unknown,
            c: number[],
            o: object,
          ): Promise<{ status: number; data: { detail: string } }>;
        };
      }
    ).api;
    const res = await api.apiRequest(
      `${base}/acme/revoke-cert`,
      { certificate: Buffer.from(new x509.X509Certificate(leafPem).rawData).toString('base64url') },
      [],
      { includeJwsKid: false },
    );
    expect(res.status).toBe(403);
    expect(res.data.detail).toMatch(/certificate's key or an account/);

    expect(await problemType(client.revokeCertificate(t.services.ca.root.pem))).toMatch(/did not issue/);
    expect((await statusOf(serial)).status).toBe('issued');
  });
});

describe('keyChange', () => {
  it('moves the account to a new key; the old key no longer signs for it', async () => {
    const { client, accountKey } = await boundClient();
    const url = client.getAccountUrl();
    const newKey = await acme.crypto.createPrivateEcdsaKey();
    await client.updateAccountKey(newKey);
    // the client now signs with the new key
    expect((await client.updateAccount({ contact: ['mailto:rekeyed@carrier.test'] })).contact).toEqual([
      'mailto:rekeyed@carrier.test',
    ]);
    const old = new acme.Client({ directoryUrl: `${base}/acme/directory`, accountKey, accountUrl: url });
    expect(await problemType(old.updateAccount({}))).toMatch(/signature does not verify/);
    const found = new acme.Client({ directoryUrl: `${base}/acme/directory`, accountKey: newKey });
    await found.createAccount({ onlyReturnExisting: true });
    expect(found.getAccountUrl()).toBe(url);
  });

  it('refuses a new key another account holds', async () => {
    const first = await boundClient();
    const second = await boundClient();
    expect(await problemType(first.client.updateAccountKey(second.accountKey))).toMatch(
      /already has this key/,
    );
  });
});
