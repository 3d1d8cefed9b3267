// What the release before ATIS-1000080 v005 conformance made, byte for byte the way it made it: a root and an
// intermediate with keyCertSign+cRLSign (each signing its own, direct CRL), the intermediate's CRL distribution
// point without cRLIssuer, and provider certificates pointing at the intermediate's own CRL. Tests of the migration
// and of the CRLs old certificates still name build their fixtures here (the lint of today refuses these).
import {
  type ExportedCa,
  KEY_USAGE,
  OID,
  SHAKEN_CP_OID,
  X509Certificate,
  authorityKeyIdentifierValue,
  basicConstraintsValue,
  certificatePoliciesValue,
  crlDistributionPointsValue,
  encodeName,
  exportCa,
  extension,
  generateP256KeyPair,
  keyIdentifier,
  keyIdentifierFromSpki,
  keyUsageValue,
  newSerial,
  shakenExtensionsDer,
  shakenSubject,
  signCertificate,
  SoftwareSigner,
  subjectKeyIdentifierValue,
} from '../../../server/src/ca';

const YEAR_MS = 365 * 86_400_000;
const legacyKeyUsage = () =>
  extension(OID.keyUsage, true, keyUsageValue([KEY_USAGE.keyCertSign, KEY_USAGE.cRLSign]));
const caName = (organization: string, cn: string) =>
  encodeName([
    { type: 'C', value: 'US' },
    { type: 'O', value: organization },
    { type: 'CN', value: cn },
  ]);

/** The earlier release's hierarchy: root and intermediate, both keyCertSign+cRLSign, no cRLIssuer anywhere. */
export async function legacyHierarchy(
  organization: string,
  rootCrlUrl: string,
  now = new Date(),
): Promise<{ root: ExportedCa; intermediate: ExportedCa }> {
  const notBefore = new Date(Math.floor((now.getTime() - 300_000) / 1000) * 1000);
  const rootKeys = await generateP256KeyPair();
  const rootName = caName(organization, `${organization} SHAKEN ROOT CA`);
  const rootKeyId = await keyIdentifier(rootKeys.publicKey);
  const rootSigner = SoftwareSigner.fromKeyPair(rootKeys);
  const root = await signCertificate(
    {
      serial: newSerial(),
      subject: rootName,
      issuer: rootName,
      subjectPublicKey: rootKeys.publicKey,
      notBefore,
      notAfter: new Date(notBefore.getTime() + 20 * YEAR_MS),
      extensions: [
        legacyKeyUsage(),
        extension(OID.basicConstraints, true, basicConstraintsValue(true)),
        extension(OID.subjectKeyIdentifier, false, subjectKeyIdentifierValue(rootKeyId)),
      ],
    },
    rootSigner,
  );
  const keys = await generateP256KeyPair();
  const intermediate = await signCertificate(
    {
      serial: newSerial(),
      subject: caName(organization, `${organization} SHAKEN Intermediate CA`),
      issuer: rootName,
      subjectPublicKey: keys.publicKey,
      notBefore,
      notAfter: new Date(notBefore.getTime() + 10 * YEAR_MS),
      extensions: [
        legacyKeyUsage(),
        extension(OID.basicConstraints, true, basicConstraintsValue(true, 0)),
        extension(
          OID.subjectKeyIdentifier,
          false,
          subjectKeyIdentifierValue(await keyIdentifier(keys.publicKey)),
        ),
        extension(OID.authorityKeyIdentifier, false, authorityKeyIdentifierValue(rootKeyId)),
        extension(OID.certificatePolicies, false, certificatePoliciesValue([SHAKEN_CP_OID])),
        extension(OID.crlDistributionPoints, false, crlDistributionPointsValue(rootCrlUrl)),
      ],
    },
    rootSigner,
  );
  return {
    root: await exportCa({ certificate: root, signer: rootSigner, keys: rootKeys }),
    intermediate: await exportCa({
      certificate: intermediate,
      signer: SoftwareSigner.fromKeyPair(keys),
      keys,
    }),
  };
}

/** A provider certificate as the earlier release issued it: its CRL distribution point without cRLIssuer. */
export async function legacyLeaf(p: {
  issuer: { certificate: X509Certificate; signer: SoftwareSigner | ExportedCa['signer'] };
  serial?: string;
  spc?: string;
  companyName?: string;
  subjectPublicKey: CryptoKey;
  notBefore: Date;
  notAfter: Date;
  crlUrl: string;
}): Promise<X509Certificate> {
  const spc = p.spc ?? '073K';
  const spki = new Uint8Array(await globalThis.crypto.subtle.exportKey('spki', p.subjectPublicKey));
  return signCertificate(
    {
      serial: p.serial ?? newSerial(),
      subject: shakenSubject(spc, p.companyName ?? 'Acme Telecom, Inc.'),
      issuer: p.issuer.certificate.subjectName.toArrayBuffer(),
      subjectPublicKey: p.subjectPublicKey,
      notBefore: p.notBefore,
      notAfter: p.notAfter,
      extensions: shakenExtensionsDer({
        spc,
        subjectKeyId: keyIdentifierFromSpki(spki),
        issuerKeyId: await keyIdentifier(p.issuer.signer.publicKey),
        policyOid: SHAKEN_CP_OID,
        crlUrl: p.crlUrl,
      }),
    },
    p.issuer.signer,
  );
}
