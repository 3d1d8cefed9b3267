// The one place a certificate gets signed: a TBSCertificate written byte by byte from explicit parts (RFC 5280
// §4.1), signed through a Signer. No schema library sits between the template and the signed bytes.
import { webcrypto } from 'node:crypto';
import {
  type Binary,
  TAG,
  children,
  decodeOne,
  ecdsaSignatureNode,
  encodeTime,
  integerFromHex,
  node,
  oid,
  sequence,
  tlv,
  toArrayBuffer,
  toBytes,
  writeDer,
} from './der';
import type { Signer } from './signer';
import { type Extension, X509Certificate } from './x509';
import { OID } from './x509Parts';

export interface CertificateTemplate {
  /** Positive serial as hex, used as given (the profile decides what is allowed; the lint checks it). */
  serial: string;
  /** DER of the subject and issuer Names, used as they are. */
  subject: Binary;
  issuer: Binary;
  /** The subject's key, or its SubjectPublicKeyInfo DER. */
  subjectPublicKey: CryptoKey | Binary;
  notBefore: Date;
  notAfter: Date;
  /** Extensions as their DER, or as @peculiar/x509 objects (their DER is used). */
  extensions: (Extension | Uint8Array)[];
}

/** AlgorithmIdentifier for ecdsa-with-SHA256: the parameters are absent (RFC 5758 §3.2). */
const ECDSA_WITH_SHA256 = sequence(oid(OID.ecdsaWithSha256));
const VERSION_3 = tlv(0xa0, tlv(TAG.integer, Uint8Array.of(2)));

export async function subjectPublicKeyInfo(key: CryptoKey | Binary): Promise<Uint8Array> {
  if (key instanceof CryptoKey) return new Uint8Array(await webcrypto.subtle.exportKey('spki', key));
  const spki = toBytes(key);
  decodeOne(spki, TAG.sequence);
  return spki;
}

export function encodeTbsCertificate(
  template: Omit<CertificateTemplate, 'subjectPublicKey'>,
  spki: Uint8Array,
): Uint8Array {
  const extensions = template.extensions.map((e) =>
    e instanceof Uint8Array ? e : new Uint8Array(e.rawData),
  );
  return writeDer(
    node(
      TAG.sequence,
      VERSION_3,
      integerFromHex(template.serial),
      ECDSA_WITH_SHA256,
      toBytes(template.issuer),
      node(TAG.sequence, encodeTime(template.notBefore), encodeTime(template.notAfter)),
      toBytes(template.subject),
      spki,
      ...(extensions.length ? [node(0xa3, node(TAG.sequence, ...extensions))] : []),
    ),
  );
}

/** Certificate ::= SEQUENCE { tbsCertificate, signatureAlgorithm, signatureValue BIT STRING }. */
export async function signTbsCertificate(tbs: Uint8Array, signer: Signer): Promise<Uint8Array> {
  const signature = ecdsaSignatureNode(await signer.sign(tbs));
  return writeDer(node(TAG.sequence, tbs, ECDSA_WITH_SHA256, node(TAG.bitString, NO_UNUSED_BITS, signature)));
}

const NO_UNUSED_BITS = Uint8Array.of(0);

/**
 * A certificate signed through `signer`, parsed (for CA certificates and tests; the issuer keeps the DER).
 * `beforeSigning` sees the TBSCertificate first and throws to stop the signature (the CA's lint).
 */
export async function signCertificate(
  template: CertificateTemplate,
  signer: Signer,
  beforeSigning?: (tbs: Uint8Array) => void,
): Promise<X509Certificate> {
  const tbs = encodeTbsCertificate(template, await subjectPublicKeyInfo(template.subjectPublicKey));
  beforeSigning?.(tbs);
  return new X509Certificate(toArrayBuffer(await signTbsCertificate(tbs, signer)));
}

/** The issuer Name of a certificate, its DER exactly as the certificate carries it (for a CRL's certificateIssuer). */
export function certificateIssuerName(certificateDer: Binary): Uint8Array {
  const [tbs] = children(decodeOne(certificateDer, TAG.sequence));
  const fields = children(tbs);
  const i = fields[0]?.tag === 0xa0 ? 1 : 0; // [0] version, then serial, signature, issuer
  const issuer = fields[i + 2];
  if (!issuer || issuer.tag !== TAG.sequence) throw new Error('not a certificate: no issuer Name');
  return new Uint8Array(issuer.raw);
}
