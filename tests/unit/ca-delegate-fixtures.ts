// A hierarchy that can host delegate certificates: root, CRL signer, an intermediate with pathLen 1, an STI-SCA for
// SPC 073K under it and a delegate certificate for a few numbers under that (docs/delegates.md).
import { createCrlSigner, createIntermediateCa, createRootCa } from '../../server/src/ca/hierarchy';
import { type CaCredentials, type IssuedCertificate, ShakenIssuer } from '../../server/src/ca/issuer';
import { certificateValidity, delegateValidity, newSerial } from '../../server/src/ca/profile';
import { SoftwareSigner, generateP256KeyPair } from '../../server/src/ca/signer';
import { signCertificate } from '../../server/src/ca/certificate';
import {
  KEY_USAGE,
  OID,
  basicConstraintsValue,
  encodeName,
  extension,
  keyIdentifier,
  keyUsageValue,
  subjectKeyIdentifierValue,
} from '../../server/src/ca/x509Parts';
import type { TnAuthEntry } from '../../server/src/ca/tnEntries';
import { toArrayBuffer } from '../../server/src/ca/der';
import { X509Certificate } from '../../server/src/ca/x509';

export const CRL_URL = 'http://ca.example.com/crl/root.crl';
export const DAY = 86_400_000;
export const SPC = '073K';
export const ENTRIES: TnAuthEntry[] = [{ range: { start: '2025550100', count: 100 } }, { one: '2025550300' }];

export interface DelegateChain {
  root: CaCredentials;
  crlSigner: CaCredentials;
  intermediate: CaCredentials;
  intermediateIssuer: ShakenIssuer;
  sca: CaCredentials;
  scaIssued: IssuedCertificate;
  scaIssuer: ShakenIssuer;
  delegate: IssuedCertificate;
  /** The delegate's key pair, which signs its PASSporTs. */
  delegateKeys: CryptoKeyPair;
  crl: { url: string; issuerDn: Uint8Array };
}

export const parse = (issued: IssuedCertificate) => new X509Certificate(toArrayBuffer(issued.der));

export async function delegateChain(now = new Date()): Promise<DelegateChain> {
  const root = await createRootCa({ organization: 'Example STI-CA', now });
  const crlSigner = await createCrlSigner({ organization: 'Example STI-CA', now, root });
  const crlIssuerName = new Uint8Array(crlSigner.certificate.subjectName.toArrayBuffer());
  const intermediate = await createIntermediateCa({
    organization: 'Example STI-CA',
    now,
    root,
    crlUrl: CRL_URL,
    crlIssuerName,
    pathLen: 1,
  });
  const crl = { url: CRL_URL, issuerDn: crlIssuerName };
  const intermediateIssuer = await ShakenIssuer.create(intermediate);
  const scaKeys = await generateP256KeyPair();
  const scaIssued = await intermediateIssuer.issueStiSca({
    spc: SPC,
    companyName: 'Acme Telecom, Inc.',
    subjectPublicKey: scaKeys.publicKey,
    serial: newSerial(),
    ...certificateValidity(now, new Date(now.getTime() + 300 * DAY)),
    crl,
  });
  const sca = { certificate: parse(scaIssued), signer: SoftwareSigner.fromKeyPair(scaKeys) };
  const scaIssuer = await ShakenIssuer.create(sca);
  const delegateKeys = await generateP256KeyPair();
  const delegate = await scaIssuer.issueDelegate({
    companyName: 'Widget Call Center LLC',
    entries: ENTRIES,
    subjectPublicKey: delegateKeys.publicKey,
    serial: newSerial(),
    ...delegateValidity(now, new Date(now.getTime() + 90 * DAY), sca.certificate.notAfter),
    crl,
  });
  return {
    root,
    crlSigner,
    intermediate,
    intermediateIssuer,
    sca,
    scaIssued,
    scaIssuer,
    delegate,
    delegateKeys,
    crl,
  };
}

/**
 * A CA the STI-SCA signed (which its pathLen 0 forbids) and an end entity under it: what every verifier must
 * refuse ("path length constraint exceeded").
 */
export async function underStiScaCa(c: DelegateChain) {
  const subKeys = await generateP256KeyPair();
  const leafKeys = await generateP256KeyPair();
  const now = new Date();
  const subName = encodeName([
    { type: 'C', value: 'US' },
    { type: 'O', value: 'Acme' },
    { type: 'CN', value: 'SHAKEN 073K sub-SCA' },
  ]);
  const common = { notBefore: now, notAfter: new Date(now.getTime() + 10 * DAY) };
  const sub = await signCertificate(
    {
      ...common,
      serial: newSerial(),
      subject: subName,
      issuer: c.sca.certificate.subjectName.toArrayBuffer(),
      subjectPublicKey: subKeys.publicKey,
      extensions: [
        extension(OID.keyUsage, true, keyUsageValue([KEY_USAGE.keyCertSign])),
        extension(OID.basicConstraints, true, basicConstraintsValue(true, 0)),
        extension(
          OID.subjectKeyIdentifier,
          false,
          subjectKeyIdentifierValue(await keyIdentifier(subKeys.publicKey)),
        ),
      ],
    },
    c.sca.signer,
  );
  const leaf = await signCertificate(
    {
      ...common,
      serial: newSerial(),
      subject: encodeName([{ type: 'CN', value: 'SHAKEN 073K Delegate' }]),
      issuer: subName,
      subjectPublicKey: leafKeys.publicKey,
      extensions: [
        extension(OID.keyUsage, true, keyUsageValue([KEY_USAGE.digitalSignature])),
        extension(OID.basicConstraints, true, basicConstraintsValue(false)),
      ],
    },
    SoftwareSigner.fromKeyPair(subKeys),
  );
  return { sub, leaf };
}
