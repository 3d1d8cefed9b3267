// The fields a SHAKEN verifier reads, straight from the DER with the CA's own readers, so names compare byte for
// byte as the standards ask: a certificate's issuer and subject, its CRL distribution point (URL and cRLIssuer),
// its TNAuthList (every entry kind of RFC 8226), and a CRL's issuer and indirect flag.
import { TAG, type X509Certificate, type X509Crl, ascii, children, decodeOid, decodeOne } from '../ca';

export const OIDS = {
  crlDistributionPoints: '2.5.29.31',
  tnAuthList: '1.3.6.1.5.5.7.1.26',
  certificateIssuer: '2.5.29.29',
  issuingDistributionPoint: '2.5.29.28',
} as const;

const bytes = (b: ArrayBuffer | Uint8Array) => (b instanceof Uint8Array ? b : new Uint8Array(b));

/** A certificate's issuer and subject Names, their DER as the certificate carries them. */
export function certificateNames(cert: X509Certificate): { issuer: Uint8Array; subject: Uint8Array } {
  const [tbs] = children(decodeOne(bytes(cert.rawData), TAG.sequence));
  const fields = children(tbs);
  const i = fields[0]?.tag === 0xa0 ? 1 : 0; // [0] version, then serial, signature, issuer, validity, subject
  return { issuer: new Uint8Array(fields[i + 2].raw), subject: new Uint8Array(fields[i + 4].raw) };
}

/** A CRL's issuer Name, its DER as the CRL carries it. */
export function crlIssuerName(crl: X509Crl): Uint8Array {
  const [tbs] = children(decodeOne(bytes(crl.rawData), TAG.sequence));
  const fields = children(tbs);
  const i = fields[0]?.tag === TAG.integer ? 1 : 0; // version, then signature, issuer
  return new Uint8Array(fields[i + 1].raw);
}

export interface DistributionPoint {
  urls: string[];
  /** The cRLIssuer's directoryName (DER), when the point names one. */
  crlIssuer?: Uint8Array;
}

/** The CRL distribution points of a certificate (none when it has no such extension). */
export function distributionPoints(cert: X509Certificate): DistributionPoint[] {
  const ext = cert.getExtension(OIDS.crlDistributionPoints);
  if (!ext) return [];
  return children(decodeOne(bytes(ext.value), TAG.sequence)).map((point) => {
    const out: DistributionPoint = { urls: [] };
    for (const field of children(point)) {
      if (field.tag === 0xa0) {
        // distributionPoint [0] { fullName [0] GeneralNames }: the URIs ([6] IA5String)
        for (const name of children(field))
          if (name.tag === 0xa0)
            for (const g of children(name)) if (g.tag === 0x86) out.urls.push(ascii(g.value));
      } else if (field.tag === 0xa2) {
        const dir = children(field).find((g) => g.tag === 0xa4);
        if (dir) out.crlIssuer = new Uint8Array(children(dir)[0].raw);
      }
    }
    return out;
  });
}

export type TnEntry =
  | { kind: 'spc'; spc: string }
  | { kind: 'range'; start: string; count: number }
  | { kind: 'one'; tn: string };

/** TNAuthList (RFC 8226): each entry, SPC, range or one number; null when the certificate has none. */
export function tnAuthList(cert: X509Certificate): TnEntry[] | null {
  const ext = cert.getExtension(OIDS.tnAuthList);
  if (!ext) return null;
  const entries = children(decodeOne(bytes(ext.value), TAG.sequence)).map((entry): TnEntry => {
    const [inner] = children(entry);
    if (entry.tag === 0xa0 && inner?.tag === TAG.ia5String) return { kind: 'spc', spc: ascii(inner.value) };
    if (entry.tag === 0xa2 && inner?.tag === TAG.ia5String) return { kind: 'one', tn: ascii(inner.value) };
    if (entry.tag === 0xa1 && inner?.tag === TAG.sequence) {
      const [start, count] = children(inner);
      if (start?.tag === TAG.ia5String && count?.tag === TAG.integer && count.value.length <= 6)
        return {
          kind: 'range',
          start: ascii(start.value),
          count: count.value.reduce((n, b) => n * 256 + b, 0),
        };
    }
    throw new Error('a TNAuthList entry is neither an SPC, a range nor a number');
  });
  if (!entries.length) throw new Error('the TNAuthList is empty');
  return entries;
}

/** True when `tn` (digits) lies in one of the number entries (a range counts up from its start, same length). */
export function coversNumber(entries: TnEntry[], tn: string): boolean {
  return entries.some((e) => {
    if (e.kind === 'one') return e.tn === tn;
    if (e.kind !== 'range' || e.start.length !== tn.length || !/^\d+$/.test(e.start)) return false;
    const offset = BigInt(tn) - BigInt(e.start);
    return offset >= 0n && offset < BigInt(e.count);
  });
}

/** The certificate issuer named by a CRL entry's certificateIssuer extension (RFC 5280 §5.3.3), if it has one. */
export function entryCertificateIssuer(
  extensions: { type: string; value: ArrayBuffer }[],
): Uint8Array | undefined {
  const ext = extensions.find((e) => e.type === OIDS.certificateIssuer);
  if (!ext) return undefined;
  const dir = children(decodeOne(bytes(ext.value), TAG.sequence)).find((g) => g.tag === 0xa4);
  if (!dir) throw new Error('a certificate issuer entry extension names no directoryName');
  return new Uint8Array(children(dir)[0].raw);
}

/** True when the CRL's issuing distribution point says it is indirect (RFC 5280 §5.2.5). */
export function isIndirectCrl(crl: X509Crl): boolean {
  const ext = crl.getExtension(OIDS.issuingDistributionPoint);
  if (!ext) return false;
  const idp = children(decodeOne(bytes(ext.value), TAG.sequence));
  return idp.some((f) => f.tag === 0x84 && f.value.length === 1 && f.value[0] !== 0);
}

/** A Name's DER as text, for reports: `C=US, O=…, CN=…` (only the attributes SHAKEN names carry). */
export function nameText(der: Uint8Array): string {
  const short: Record<string, string> = {
    '2.5.4.6': 'C',
    '2.5.4.10': 'O',
    '2.5.4.3': 'CN',
    '2.5.4.5': 'serialNumber',
  };
  const parts: string[] = [];
  for (const rdn of children(decodeOne(der, TAG.sequence)))
    for (const atv of children(rdn)) {
      const [type, value] = children(atv);
      parts.push(
        `${short[decodeOid(type.value)] ?? decodeOid(type.value)}=${new TextDecoder().decode(value.value)}`,
      );
    }
  return parts.join(', ');
}
