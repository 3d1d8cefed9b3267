// The CA's CRL: DER, v2, signed through the issuer's Signer, with AKI and a CRL number, one entry per revoked
// certificate with its reason (RFC 5280 §5). Which certificates are listed, the number and the times are the
// caller's (the CRL publisher reads them from the store); building and signing are here. An indirect CRL (signed
// by a CRL issuer that is not the certificates' issuer: the STI-PA's, or the CA's dedicated CRL signer) carries an
// issuing distribution point with indirectCRL and names each entry's certificate issuer (RFC 5280 §5.2.5, §5.3.3).
import { TAG, bytesEqual, sequence, tlv, toBytes } from './der';
import { issuerKeyIdentifier } from './issuer';
import { type Signer, signerCrypto } from './signer';
import { type X509Certificate, X509CrlGenerator, X509CrlReason, type X509CrlEntryParams } from './x509';
import { OID, authorityKeyIdentifierValue, extension } from './x509Parts';

/** How long a CRL is valid: its nextUpdate is this far after its thisUpdate. */
export const CRL_VALIDITY_MS = 7 * 86_400_000;
const CRL_NUMBER_OID = '2.5.29.20';

const CERTIFICATE_ISSUER_OID = '2.5.29.29';
const ISSUING_DISTRIBUTION_POINT_OID = '2.5.29.28';

/** What signs one issuer's CRL: its ca_issuers id, its certificate and its Signer. */
export interface CrlIssuer {
  id: string;
  certificate: X509Certificate;
  signer: Signer;
  /** Set for an indirect CRL: it lists certificates of other issuers (each entry names its own). */
  indirect?: boolean;
}

export interface CrlEntry {
  /** Hex serial of the revoked certificate. */
  serial: string;
  revokedAt: Date;
  /** The portal's reason name (`keyCompromise`, `superseded`, …), or null. */
  reason: string | null;
  /** The DER Name of the certificate's issuer, on an indirect CRL (copied byte for byte into certificateIssuer). */
  certificateIssuer?: Uint8Array;
}

export interface CrlContent {
  entries: readonly CrlEntry[];
  crlNumber: number;
  thisUpdate: Date;
  nextUpdate: Date;
}

const REASONS: Record<string, X509CrlReason | undefined> = {
  // RFC 5280 §5.3.1: reasonCode unspecified SHOULD be absent.
  unspecified: undefined,
  key_compromise: X509CrlReason.keyCompromise,
  affiliation_changed: X509CrlReason.affiliationChanged,
  superseded: X509CrlReason.superseded,
  cessation_of_operation: X509CrlReason.cessationOfOperation,
};

/** A positive INTEGER's minimal DER content octets. */
function integerContent(n: number): Uint8Array {
  let hexText = BigInt(n).toString(16);
  if (hexText.length % 2) hexText = `0${hexText}`;
  const bytes = Buffer.from(hexText, 'hex');
  return bytes[0] & 0x80 ? Uint8Array.from([0, ...bytes]) : new Uint8Array(bytes);
}

/** CRL times are whole seconds (UTCTime/GeneralizedTime carry no fraction in DER). */
export const wholeSeconds = (d: Date) => new Date(Math.floor(d.getTime() / 1000) * 1000);

/** thisUpdate (now, to the second) and nextUpdate of a CRL issued at `now`. */
export function crlTimes(now: Date): { thisUpdate: Date; nextUpdate: Date } {
  const thisUpdate = wholeSeconds(now);
  return { thisUpdate, nextUpdate: new Date(thisUpdate.getTime() + CRL_VALIDITY_MS) };
}

/**
 * The entries in CRL order. On an indirect CRL they are grouped by certificate issuer, and an entry carries the
 * certificateIssuer extension (critical) where the issuer changes: RFC 5280 §5.3.3, the first entry's default being
 * the CRL issuer itself.
 */
function entryParams(issuer: CrlIssuer, entries: readonly CrlEntry[]): X509CrlEntryParams[] {
  const key = (e: CrlEntry) => Buffer.from(e.certificateIssuer ?? []).toString('hex');
  const ordered = issuer.indirect
    ? [...entries].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0))
    : entries;
  let previous: Uint8Array = new Uint8Array(issuer.certificate.subjectName.toArrayBuffer());
  return ordered.map((e) => {
    const reason = e.reason ? REASONS[e.reason] : undefined;
    const extensions = [];
    if (issuer.indirect) {
      const named = e.certificateIssuer ? toBytes(e.certificateIssuer) : undefined;
      if (!named) throw new Error(`entry ${e.serial} of an indirect CRL names no certificate issuer`);
      if (!bytesEqual(named, previous)) {
        extensions.push(extension(CERTIFICATE_ISSUER_OID, true, sequence(tlv(0xa4, named))));
        previous = named;
      }
    }
    return {
      serialNumber: e.serial,
      revocationDate: wholeSeconds(e.revokedAt),
      ...(reason !== undefined ? { reason } : {}),
      ...(extensions.length ? { extensions } : {}),
    };
  });
}

/** Builds and signs one CRL of `issuer`; returns its DER. */
export async function signCrl(issuer: CrlIssuer, content: CrlContent): Promise<Uint8Array> {
  const akiValue = authorityKeyIdentifierValue(issuerKeyIdentifier(issuer.certificate));
  const entries = entryParams(issuer, content.entries);
  const crl = await X509CrlGenerator.create(
    {
      issuer: issuer.certificate.subjectName,
      thisUpdate: content.thisUpdate,
      nextUpdate: content.nextUpdate,
      entries,
      extensions: [
        extension(OID.authorityKeyIdentifier, false, akiValue),
        extension(CRL_NUMBER_OID, false, tlv(TAG.integer, integerContent(content.crlNumber))),
        // IssuingDistributionPoint { indirectCRL [4] TRUE }: critical, as RFC 5280 §5.2.5 requires.
        ...(issuer.indirect
          ? [extension(ISSUING_DISTRIBUTION_POINT_OID, true, sequence(tlv(0x84, Uint8Array.of(0xff))))]
          : []),
      ],
      signingKey: issuer.signer.publicKey,
      signingAlgorithm: issuer.signer.algorithm,
    },
    signerCrypto(issuer.signer),
  );
  return new Uint8Array(crl.rawData);
}
