// What every key store must do for the CA, shared by the software store's and the PKCS#11 store's tests.
import { webcrypto } from 'node:crypto';
import { createIntermediateCa, createRootCa } from '../../server/src/ca/hierarchy';
import { encodeName } from '../../server/src/ca/x509Parts';
import { buildShakenCertificate } from '../../server/src/ca/issuer';
import type { KeyStore } from '../../server/src/ca/keys';
import { type Finding, lintShakenCertificate } from '../../server/src/ca/lint';
import { certificateValidity, newSerial } from '../../server/src/ca/profile';
import { ES256 } from '../../server/src/ca/signer';

/**
 * An intermediate CA made from a key of `store` (its private key only ever signs through the store), and a
 * provider certificate it signs: whether that signature verifies, and the lint's errors (none expected).
 */
export async function shakenLeafSignedThrough(
  store: KeyStore,
): Promise<{ verifies: boolean; errors: Finding[] }> {
  const now = new Date();
  const root = await createRootCa({ organization: 'Example STI-CA', now });
  const caKey = await store.generate('intermediate-ca');
  const intermediate = await createIntermediateCa({
    organization: 'Example STI-CA',
    now,
    root,
    crlUrl: 'https://ca.example.com/crl/root.crl',
    crlIssuerName: encodeName([
      { type: 'C', value: 'US' },
      { type: 'CN', value: 'Test CRL Signer' },
    ]),
    signer: await store.signer(caKey),
  });
  const subject = (await webcrypto.subtle.generateKey(ES256, true, ['sign', 'verify'])) as CryptoKeyPair;
  const crlUrl = 'https://authenticate-api-stg.iconectiv.com/download/v1/crl';
  const cert = await buildShakenCertificate({
    spc: '073K',
    companyName: 'Acme Telecom, Inc.',
    subjectPublicKey: subject.publicKey,
    serial: newSerial(),
    ...certificateValidity(now, new Date(now.getTime() + 200 * 86_400_000)),
    issuer: intermediate,
    crl: { url: crlUrl, issuerDn: 'C=US, O=STI-PA, CN=STI-PA SHAKEN CRL' },
  });
  return {
    verifies: await cert.verify({ publicKey: intermediate.certificate.publicKey, signatureOnly: true }),
    errors: lintShakenCertificate(cert, {
      issuer: intermediate.certificate,
      expectedSpc: '073K',
      crlUrl,
    }).filter((f) => f.severity === 'error'),
  };
}
