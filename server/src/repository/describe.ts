// What decrypt_cert answers about certificates: each one parsed, described as OpenSSL's -text would, and linted
// against the SHAKEN rules by its role, told by its TNAuthList (docs/delegates.md): a CA naming an SPC as an STI-SCA,
// another CA as a root or an intermediate, an end entity listing numbers as a delegate, any other as a SHAKEN one.
import { HttpError } from '../http/errors';
import {
  AuthorityKeyIdentifierExtension,
  BasicConstraintsExtension,
  CertificatePolicyExtension,
  CRLDistributionPointsExtension,
  type Finding,
  KeyUsageFlags,
  KeyUsagesExtension,
  SubjectKeyIdentifierExtension,
  TN_AUTH_LIST_OID,
  type TnAuthEntry,
  X509Certificate,
  decodeTnAuthList,
  decodeTnEntries,
  lintShakenCaCertificate,
  lintShakenCertificate,
} from '../ca';

export interface CertificateDescription {
  subject: string;
  issuer: string;
  serial_number: string;
  not_before: string;
  not_after: string;
  tn_auth_list: { spc: string } | null;
  findings: Finding[];
  text: string;
}

/** Every PEM CERTIFICATE block of `body`, or `body` itself as one DER certificate. */
export function parseCertificates(body: Buffer): X509Certificate[] {
  const text = body.toString('latin1');
  const blocks = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g);
  try {
    if (blocks) return blocks.map((b) => new X509Certificate(b));
    if (body.length > 0 && body[0] === 0x30) return [new X509Certificate(new Uint8Array(body))];
  } catch {
    throw new HttpError(400, 'The answer holds a certificate that cannot be parsed');
  }
  throw new HttpError(400, 'The answer holds no certificate (PEM or DER)');
}

const KEY_USAGE_NAMES: [number, string][] = [
  [KeyUsageFlags.digitalSignature, 'Digital Signature'],
  [KeyUsageFlags.nonRepudiation, 'Non Repudiation'],
  [KeyUsageFlags.keyEncipherment, 'Key Encipherment'],
  [KeyUsageFlags.dataEncipherment, 'Data Encipherment'],
  [KeyUsageFlags.keyAgreement, 'Key Agreement'],
  [KeyUsageFlags.keyCertSign, 'Certificate Sign'],
  [KeyUsageFlags.cRLSign, 'CRL Sign'],
  [KeyUsageFlags.encipherOnly, 'Encipher Only'],
  [KeyUsageFlags.decipherOnly, 'Decipher Only'],
];

const EXTENSION_LABELS: Record<string, string> = {
  '2.5.29.14': 'X509v3 Subject Key Identifier',
  '2.5.29.15': 'X509v3 Key Usage',
  '2.5.29.19': 'X509v3 Basic Constraints',
  '2.5.29.31': 'X509v3 CRL Distribution Points',
  '2.5.29.32': 'X509v3 Certificate Policies',
  '2.5.29.35': 'X509v3 Authority Key Identifier',
  [TN_AUTH_LIST_OID]: 'TNAuthList (1.3.6.1.5.5.7.1.26)',
};

const colonHex = (hexText: string) => (hexText.toUpperCase().match(/../g) ?? []).join(':');
const wrapHex = (hexText: string, indent: string) =>
  (colonHex(hexText).match(/.{1,45}/g) ?? []).map((l) => indent + l).join('\n');
const opensslDate = (d: Date) => {
  const s = d.toUTCString(); // "Sat, 21 Nov 2026 12:00:00 GMT"
  const [, day, mon, year, time] = s.split(' ');
  return `${mon} ${day.padStart(2, ' ')} ${time} ${year} GMT`;
};

function describeExtension(ext: X509Certificate['extensions'][number]): string {
  const I = '                ';
  if (ext instanceof KeyUsagesExtension) {
    return (
      I +
      KEY_USAGE_NAMES.filter(([f]) => ext.usages & f)
        .map(([, n]) => n)
        .join(', ')
    );
  }
  if (ext instanceof BasicConstraintsExtension) {
    return (
      I +
      `CA:${ext.ca ? 'TRUE' : 'FALSE'}${ext.pathLength !== undefined ? `, pathlen:${ext.pathLength}` : ''}`
    );
  }
  if (ext instanceof SubjectKeyIdentifierExtension) return I + colonHex(ext.keyId);
  if (ext instanceof AuthorityKeyIdentifierExtension)
    return I + (ext.keyId ? colonHex(ext.keyId) : '(no key id)');
  if (ext instanceof CertificatePolicyExtension)
    return ext.policies.map((p) => `${I}Policy: ${p}`).join('\n');
  if (ext instanceof CRLDistributionPointsExtension) {
    const lines: string[] = [];
    for (const dp of ext.distributionPoints) {
      lines.push(`${I}Full Name:`);
      for (const n of dp.distributionPoint?.fullName ?? []) {
        if (n.uniformResourceIdentifier) lines.push(`${I}  URI:${n.uniformResourceIdentifier}`);
      }
      for (const n of dp.cRLIssuer ?? []) {
        if (n.directoryName)
          lines.push(
            `${I}CRL Issuer:`,
            `${I}  DirName:${n.directoryName.map((rdn) => rdn.map((a) => `${a.type}=${a.value.toString()}`).join('+')).join(', ')}`,
          );
      }
    }
    return lines.join('\n');
  }
  if (ext.type === TN_AUTH_LIST_OID) {
    try {
      return decodeTnEntries(ext.value)
        .map((e) =>
          'spc' in e
            ? `${I}SPC: ${e.spc}`
            : 'one' in e
              ? `${I}TN: ${e.one}`
              : `${I}TN range: ${e.range.start} +${e.range.count}`,
        )
        .join('\n');
    } catch (err) {
      return `${I}(undecodable: ${(err as Error).message})\n${wrapHex(Buffer.from(ext.value).toString('hex'), I)}`;
    }
  }
  return wrapHex(Buffer.from(ext.value).toString('hex'), I);
}

/** An openssl-x509-like text of one certificate. */
export function certificateText(cert: X509Certificate): string {
  const spki = new Uint8Array(cert.publicKey.rawData);
  const alg = cert.publicKey.algorithm as EcKeyAlgorithm;
  const sigAlg = cert.signatureAlgorithm as EcdsaParams & { hash?: { name?: string } };
  const sigName =
    sigAlg.name === 'ECDSA' && sigAlg.hash?.name === 'SHA-256'
      ? 'ecdsa-with-SHA256'
      : `${sigAlg.name} ${sigAlg.hash?.name ?? ''}`.trim();
  // The EC point is the BIT STRING's tail of the SPKI: 65 bytes for an uncompressed P-256 point.
  const point =
    alg.namedCurve === 'P-256' ? Buffer.from(spki.subarray(spki.length - 65)).toString('hex') : null;
  const lines = [
    'Certificate:',
    '    Data:',
    `        Version: ${3} (0x2)`,
    '        Serial Number:',
    `            ${colonHex(cert.serialNumber)}`,
    `        Signature Algorithm: ${sigName}`,
    `        Issuer: ${cert.issuer}`,
    '        Validity',
    `            Not Before: ${opensslDate(cert.notBefore)}`,
    `            Not After : ${opensslDate(cert.notAfter)}`,
    `        Subject: ${cert.subject}`,
    '        Subject Public Key Info:',
    `            Public Key Algorithm: ${alg.name === 'ECDSA' ? 'id-ecPublicKey' : alg.name}`,
    ...(point
      ? [
          '                Public-Key: (256 bit)',
          '                pub:',
          wrapHex(point, '                    '),
          '                ASN1 OID: prime256v1',
          '                NIST CURVE: P-256',
        ]
      : [`                ${alg.namedCurve ?? ''}`]),
  ];
  if (cert.extensions.length > 0) {
    lines.push('        X509v3 extensions:');
    for (const ext of cert.extensions) {
      lines.push(`            ${EXTENSION_LABELS[ext.type] ?? ext.type}:${ext.critical ? ' critical' : ''}`);
      lines.push(describeExtension(ext));
    }
  }
  lines.push(`    Signature Algorithm: ${sigName}`);
  lines.push('    Signature Value:', wrapHex(Buffer.from(cert.signature).toString('hex'), '        '));
  return lines.join('\n');
}

function tnAuthListOf(cert: X509Certificate): { spc: string } | null {
  const ext = cert.extensions.find((e) => e.type === TN_AUTH_LIST_OID);
  if (!ext) return null;
  try {
    return { spc: decodeTnAuthList(ext.value) };
  } catch {
    return null;
  }
}

/** The TNAuthList entries of a certificate, when it has one that decodes. */
function tnEntriesOf(cert: X509Certificate): TnAuthEntry[] | null {
  const ext = cert.extensions.find((e) => e.type === TN_AUTH_LIST_OID);
  if (!ext) return null;
  try {
    return decodeTnEntries(ext.value);
  } catch {
    return null;
  }
}

const spcOf = (entries: TnAuthEntry[] | null) =>
  entries?.find((e) => 'spc' in e) as { spc: string } | undefined;

/**
 * The lint of one certificate, `next` its issuer when the answer carries it: a CA naming an SPC is an STI-SCA, an
 * end entity listing numbers a delegate (the CN then carries its issuer's SPC).
 */
function lintOf(cert: X509Certificate, next: X509Certificate | undefined) {
  const entries = tnEntriesOf(cert);
  const issuer = next ? { issuer: next } : {};
  if (cert.getExtension(BasicConstraintsExtension)?.ca) {
    if (cert.subject === cert.issuer) return lintShakenCaCertificate(cert, { role: 'root' });
    return lintShakenCaCertificate(cert, { role: spcOf(entries) ? 'sti-sca' : 'intermediate', ...issuer });
  }
  if (!entries?.some((e) => !('spc' in e))) return lintShakenCertificate(cert, issuer);
  const issuerSpc = next && spcOf(tnEntriesOf(next))?.spc;
  return lintShakenCertificate(cert, {
    ...issuer,
    profile: 'delegate',
    ...(issuerSpc ? { expectedSpc: issuerSpc } : {}),
  });
}

/** Describes every certificate; each is linted by its role, with the next one in the answer as its issuer. */
export function describeCertificates(certs: X509Certificate[]): {
  text: string;
  certificates: CertificateDescription[];
} {
  const certificates = certs.map((cert, i) => {
    const findings = lintOf(cert, certs[i + 1]);
    const text = certificateText(cert);
    return {
      subject: cert.subject,
      issuer: cert.issuer,
      serial_number: cert.serialNumber.toLowerCase(),
      not_before: cert.notBefore.toISOString(),
      not_after: cert.notAfter.toISOString(),
      tn_auth_list: tnAuthListOf(cert),
      findings,
      text,
    };
  });
  return { text: certificates.map((c) => c.text).join('\n\n'), certificates };
}
