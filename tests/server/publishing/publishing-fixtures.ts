// What the publishing tests share: a certificate issued through the API, and an issuer of an earlier release whose
// CRL the test app signs (a revocation of one of its certificates re-signs that CRL, and queues its publishing).
import { webcrypto } from 'node:crypto';
import { expect } from 'vitest';
import { chainToPem, type ExportedCa, generateP256KeyPair, newSerial } from '../../../server/src/ca';
import type { TestApp } from '../helpers';
import { activeProvider, api, tokenOf } from '../billing/billing-fixtures';
import { legacyLeaf } from '../ca/legacy-ca';

export const STIPA = { sti_pa_username: 'demo', sti_pa_password: 'demo-pass' };
const DAY = 86_400_000;

/** Polls `read` until it answers something other than undefined (a job ran), or fails after `ms`. */
export async function eventually<T>(
  read: () => T | undefined | Promise<T | undefined>,
  ms = 15_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('the job did not publish in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function issueThroughApi(t: TestApp) {
  const http = api(t, await tokenOf(t, await activeProvider(t)));
  const key = await http.post('/api/service_provider/generate_sti_priv_key');
  const res = await http.post('/api/service_provider/generate_sti_spc_cert', {
    ...STIPA,
    private_key_uuid: key.json().priv_key_uuid,
  });
  expect(res.json().success).toBe(true);
  return { http, serial: res.json().certificate.serial_number as string };
}

/** Records `ca.intermediate` as an earlier intermediate `issuerId` of the CA (the app signs its CRL). */
export async function addLegacyIssuer(t: TestApp, issuerId: string, ca: { intermediate: ExportedCa }) {
  await t.db.query(
    `INSERT INTO ca_issuers (id, role, certificate_pem, subject_dn, key_ref, key_store, is_current)
     VALUES ($1, 'intermediate', $2, $3, 'test:in-memory', 'software', false)`,
    [issuerId, ca.intermediate.certificatePem, ca.intermediate.certificate.subject],
  );
}

/** A certificate of the earlier issuer, owned by the provider of `ownerSerial`: its serial. */
export async function addLegacyCertificate(
  t: TestApp,
  issuerId: string,
  ca: { intermediate: ExportedCa },
  ownerSerial: string,
): Promise<string> {
  const [owner] = await t.db.query<{ service_provider_id: string }>(
    'SELECT service_provider_id FROM certificates WHERE serial_number = $1',
    [ownerSerial],
  );
  const leafSerial = newSerial();
  const keys = await generateP256KeyPair();
  const spki = new Uint8Array(await webcrypto.subtle.exportKey('spki', keys.publicKey));
  const [key] = await t.db.query<{ id: string }>(
    `INSERT INTO private_keys (service_provider_id, key_ref, key_store, public_key_spki, origin)
     VALUES ($1, 'test:key', 'software', $2, 'generated') RETURNING id`,
    [owner.service_provider_id, Buffer.from(spki)],
  );
  const leaf = await legacyLeaf({
    subjectPublicKey: keys.publicKey,
    serial: leafSerial,
    notBefore: new Date(Math.floor((Date.now() - 60_000) / 1000) * 1000),
    notAfter: new Date(Math.floor((Date.now() + 90 * DAY) / 1000) * 1000),
    issuer: { certificate: ca.intermediate.certificate, signer: ca.intermediate.signer },
    crlUrl: `${t.config.publicUrl}/crl/${issuerId}.crl`,
  });
  await t.db.query(
    `INSERT INTO certificates (serial_number, service_provider_id, private_key_id, issuer_id, status, spc,
       not_before, not_after, certificate_der, chain_pem)
     VALUES ($1, $2, $3, $4, 'issued', '073K', $5, $6, $7, $8)`,
    [
      leafSerial,
      owner.service_provider_id,
      key.id,
      issuerId,
      leaf.notBefore,
      leaf.notAfter,
      Buffer.from(leaf.rawData),
      chainToPem([leaf, ca.intermediate.certificate]),
    ],
  );
  return leafSerial;
}
