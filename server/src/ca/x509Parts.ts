// Byte-exact DER for the names and extensions the SHAKEN hierarchy uses (RFC 5280 §4.2.1), written by hand
// so that what is signed is exactly what the ATIS-1000080 profile says, with DEFAULT values omitted as DER requires.
import { hash, webcrypto } from 'node:crypto';
import { Extension } from './x509';
import {
  type Binary,
  TAG,
  children,
  decodeOne,
  ia5,
  oid,
  sequence,
  tlv,
  type DerPart,
  node,
  toArrayBuffer,
  toBytes,
  utf8,
  writeDer,
} from './der';
import { TN_AUTH_LIST_OID, encodeTnAuthList } from './tnAuthList';

export const OID = {
  commonName: '2.5.4.3',
  countryName: '2.5.4.6',
  organizationName: '2.5.4.10',
  serialNumber: '2.5.4.5',
  subjectKeyIdentifier: '2.5.29.14',
  keyUsage: '2.5.29.15',
  subjectAltName: '2.5.29.17',
  issuerAltName: '2.5.29.18',
  basicConstraints: '2.5.29.19',
  crlDistributionPoints: '2.5.29.31',
  certificatePolicies: '2.5.29.32',
  authorityKeyIdentifier: '2.5.29.35',
  extKeyUsage: '2.5.29.37',
  authorityInfoAccess: '1.3.6.1.5.5.7.1.1',
  tnAuthList: TN_AUTH_LIST_OID,
  netscapeComment: '2.16.840.1.113730.1.13',
  ecPublicKey: '1.2.840.10045.2.1',
  prime256v1: '1.2.840.10045.3.1.7',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
} as const;

/** The US SHAKEN certificate policy, CP 1.4 (`.1.1.3` was CP 1.3). */
export const SHAKEN_CP_OID = '2.16.840.1.114569.1.1.4';

export type NameAttribute = { type: 'C' | 'O' | 'CN' | 'serialNumber'; value: string };

const ATTRIBUTE_OID: Record<NameAttribute['type'], string> = {
  C: OID.countryName,
  O: OID.organizationName,
  CN: OID.commonName,
  serialNumber: OID.serialNumber,
};

/**
 * A Name, one attribute per RDN, in the order given (most significant first: C, O, CN). Country and
 * serialNumber are PrintableString as RFC 5280 requires; the rest UTF8String.
 */
export function encodeName(attributes: NameAttribute[]): Uint8Array {
  return writeDer(
    node(
      TAG.sequence,
      ...attributes.map(({ type, value }) => {
        if (value.length === 0) throw new Error(`empty ${type} in a name`);
        const printable = type === 'C' || type === 'serialNumber';
        if (printable && !/^[A-Za-z0-9 '()+,\-./:=?]+$/.test(value))
          throw new Error(`${type} must be a PrintableString`);
        const str = node(printable ? TAG.printableString : TAG.utf8String, utf8.encode(value));
        return node(TAG.set, node(TAG.sequence, oid(ATTRIBUTE_OID[type]), str));
      }),
    ),
  );
}

export async function spkiOf(key: CryptoKey): Promise<Uint8Array> {
  return new Uint8Array(await webcrypto.subtle.exportKey('spki', key));
}

/** RFC 5280 §4.2.1.2 method 1: SHA-1 of the subjectPublicKey BIT STRING's bits (no tag, length, unused-bits octet). */
export function keyIdentifierFromSpki(spki: Binary): Uint8Array {
  const [, bitString] = children(decodeOne(spki, TAG.sequence));
  if (bitString?.tag !== TAG.bitString || bitString.value[0] !== 0)
    throw new Error('malformed SubjectPublicKeyInfo');
  return hash('sha1', bitString.value.subarray(1), 'buffer');
}

export async function keyIdentifier(key: CryptoKey): Promise<Uint8Array> {
  return keyIdentifierFromSpki(await spkiOf(key));
}

export const KEY_USAGE = {
  digitalSignature: 0,
  keyCertSign: 5,
  cRLSign: 6,
} as const;

/** KeyUsage BIT STRING with DER's minimal form (trailing zero bits dropped and counted as unused). */
export function keyUsageValue(bits: number[]): Uint8Array {
  const highest = Math.max(...bits);
  const byteCount = Math.floor(highest / 8) + 1;
  const body = new Uint8Array(byteCount);
  for (const b of bits) body[Math.floor(b / 8)] |= 0x80 >> (b % 8);
  const unused = 7 - (highest % 8);
  return tlv(TAG.bitString, Uint8Array.of(unused), body);
}

/** BasicConstraints: `cA` FALSE is the DEFAULT and so is omitted (an empty SEQUENCE). */
export function basicConstraintsValue(ca: boolean, pathLen?: number): Uint8Array {
  if (!ca) return sequence();
  const parts = [tlv(TAG.boolean, Uint8Array.of(0xff))];
  if (pathLen !== undefined) parts.push(tlv(TAG.integer, Uint8Array.of(pathLen)));
  return sequence(...parts);
}

export const subjectKeyIdentifierValue = (keyId: Uint8Array) => node(TAG.octetString, keyId);

/** AuthorityKeyIdentifier with keyIdentifier [0] only. */
export const authorityKeyIdentifierValue = (keyId: Uint8Array) => sequence(tlv(0x80, keyId));

/** CertificatePolicies: one PolicyInformation per OID, no qualifiers. */
export const certificatePoliciesValue = (oids: string[]) => sequence(...oids.map((o) => sequence(oid(o))));

/**
 * CRLDistributionPoints with one point: fullName = one URI and, for an indirect CRL, cRLIssuer = one
 * directoryName carrying `crlIssuerName` (a Name's DER) exactly as given.
 */
export function crlDistributionPointsValue(url: string, crlIssuerName?: Binary): Uint8Array {
  const parts = [tlv(0xa0, tlv(0xa0, ia5(url, 0x86)))];
  if (crlIssuerName) {
    const name = toBytes(crlIssuerName);
    decodeOne(name, TAG.sequence); // must be one well-formed Name
    parts.push(tlv(0xa2, tlv(0xa4, name)));
  }
  return sequence(sequence(...parts));
}

/** One Extension's DER. DER omits `critical` when it is the DEFAULT FALSE. */
export function extensionDer(type: string, critical: boolean, value: DerPart): Uint8Array {
  return writeDer(
    critical
      ? node(TAG.sequence, oid(type), BOOLEAN_TRUE, node(TAG.octetString, value))
      : node(TAG.sequence, oid(type), node(TAG.octetString, value)),
  );
}

const BOOLEAN_TRUE = tlv(TAG.boolean, Uint8Array.of(0xff));

/** The same as an @peculiar/x509 object, for code that reads extensions back (CA certificates, tests). */
export function extension(type: string, critical: boolean, value: DerPart): Extension {
  return new Extension(toArrayBuffer(extensionDer(type, critical, value)));
}

export const tnAuthListExtensionDer = (spc: string) =>
  extensionDer(OID.tnAuthList, false, encodeTnAuthList(spc));
export const tnAuthListExtension = (spc: string) => extension(OID.tnAuthList, false, encodeTnAuthList(spc));
