// Revocation through SHAKEN's one indirect CRL (ATIS-1000080): the leaf's one CRL distribution point names the
// STI-PA's CRL and, in cRLIssuer, that CRL's issuer. The CRL is fetched, its issuer compared byte for byte with the
// cRLIssuer, its signature verified with the certificate of that issuer, and that certificate (cRLSign) chained to
// a trusted STI-PA root: the CRL signer chains to another root than the leaf, which is why RFC 5280 path validation
// (`openssl verify -crl_check`) refuses it. Then the leaf's serial is looked up among the entries whose certificate
// issuer is the leaf's issuer: on an indirect CRL each entry's certificateIssuer extension holds for the entries
// after it until the next one, the first defaulting to the CRL issuer (RFC 5280 §5.3.3).
import { KeyUsageFlags, KeyUsagesExtension, X509Certificate, X509Crl, x509, bytesEqual } from '../ca';
import { buildPath } from './chain';
import {
  certificateNames,
  crlIssuerName,
  distributionPoints,
  entryCertificateIssuer,
  isIndirectCrl,
  nameText,
} from './fields';

export interface RevocationInputs {
  /** The STI-PA roots the CRL signer must chain to. */
  stiPaAnchors: X509Certificate[];
  /** Certificates that may be the CRL's signer, and intermediates on its path. */
  crlCertificates: X509Certificate[];
  /** Reads the CRL at a URL (DER or PEM). */
  loadCrl(url: string): Promise<Uint8Array>;
  now: Date;
}

export interface RevocationStatus {
  status: 'good' | 'revoked';
  crlUrl: string;
  crlIssuer: string;
  crlNumber?: string;
  thisUpdate: string;
  nextUpdate?: string;
  revokedAt?: string;
  reason?: string;
}

export class RevocationError extends Error {
  override readonly name = 'RevocationError';
}

const fail = (message: string): never => {
  throw new RevocationError(message);
};

const REASON_NAMES: Record<number, string> = {
  [x509.X509CrlReason.unspecified]: 'unspecified',
  [x509.X509CrlReason.keyCompromise]: 'keyCompromise',
  [x509.X509CrlReason.cACompromise]: 'cACompromise',
  [x509.X509CrlReason.affiliationChanged]: 'affiliationChanged',
  [x509.X509CrlReason.superseded]: 'superseded',
  [x509.X509CrlReason.cessationOfOperation]: 'cessationOfOperation',
  [x509.X509CrlReason.certificateHold]: 'certificateHold',
  [x509.X509CrlReason.removeFromCRL]: 'removeFromCRL',
  [x509.X509CrlReason.privilegeWithdrawn]: 'privilegeWithdrawn',
  [x509.X509CrlReason.aACompromise]: 'aACompromise',
};

/** Serial numbers compared as numbers: lower-case hex without leading zeros. */
const serialKey = (hexSerial: string) => hexSerial.toLowerCase().replace(/^0+(?=.)/, '');

function parseCrl(data: Uint8Array): X509Crl {
  try {
    const text = new TextDecoder().decode(data);
    return text.includes('-----BEGIN') ? new X509Crl(text) : new X509Crl(new Uint8Array(data));
  } catch {
    return fail('the CRL is not a DER or PEM CRL');
  }
}

/** The CRL's signer among the certificates given, once its key verifies the CRL and it may sign CRLs. */
async function crlSigner(crl: X509Crl, issuer: Uint8Array, candidates: X509Certificate[]) {
  const named = candidates.filter((c) => bytesEqual(certificateNames(c).subject, issuer));
  if (!named.length)
    return fail(
      `no certificate of the CRL issuer (${nameText(issuer)}) was given: pass the STI-PA's CRL signer (--crl-signer or --stipa)`,
    );
  for (const c of named) {
    if (!(await crl.verify({ publicKey: c }).catch(() => false))) continue;
    const ku = c.getExtension(KeyUsagesExtension);
    if (ku && !(ku.usages & KeyUsageFlags.cRLSign))
      return fail(`${c.subject} may not sign CRLs (no cRLSign)`);
    return c;
  }
  return fail(`the CRL's signature does not verify with the certificate of ${nameText(issuer)}`);
}

/** Checks `leaf` against the CRL its distribution point names; throws RevocationError when it cannot tell. */
export async function checkRevocation(
  leaf: X509Certificate,
  inputs: RevocationInputs,
): Promise<RevocationStatus> {
  const points = distributionPoints(leaf);
  if (points.length !== 1)
    return fail(`the certificate has ${points.length} CRL distribution points, SHAKEN asks one`);
  const [point] = points;
  const url = point.urls.find((u) => /^https?:\/\//i.test(u));
  if (!url) return fail('the CRL distribution point has no http(s) URL');
  if (!point.crlIssuer) return fail('the CRL distribution point names no cRLIssuer');

  const crl = parseCrl(
    await inputs
      .loadCrl(url)
      .catch((err: Error) => fail(`the CRL at ${url} could not be read: ${err.message}`)),
  );
  const issuer = crlIssuerName(crl);
  if (!bytesEqual(issuer, point.crlIssuer))
    return fail(
      `the CRL's issuer (${nameText(issuer)}) is not the cRLIssuer the certificate names (${nameText(point.crlIssuer)})`,
    );
  const signer = await crlSigner(crl, issuer, inputs.crlCertificates);
  const chained = await buildPath(signer, inputs.crlCertificates, inputs.stiPaAnchors, inputs.now);
  if (!chained.ok) return fail(`the CRL signer is not trusted: ${chained.problem}`);
  const now = inputs.now.getTime();
  if (crl.thisUpdate.getTime() > now + 300_000) return fail('the CRL was issued in the future');
  if (crl.nextUpdate && crl.nextUpdate.getTime() < now)
    return fail(`the CRL is stale: its nextUpdate was ${crl.nextUpdate.toISOString()}`);

  const leafIssuer = certificateNames(leaf).issuer;
  const indirect = isIndirectCrl(crl);
  const serial = serialKey(leaf.serialNumber);
  let entryIssuer = issuer;
  const base: RevocationStatus = {
    status: 'good',
    crlUrl: url,
    crlIssuer: nameText(issuer),
    thisUpdate: crl.thisUpdate.toISOString(),
    ...(crl.nextUpdate ? { nextUpdate: crl.nextUpdate.toISOString() } : {}),
  };
  for (const entry of crl.entries) {
    if (indirect) entryIssuer = entryCertificateIssuer(entry.extensions) ?? entryIssuer;
    if (serialKey(entry.serialNumber) !== serial || !bytesEqual(entryIssuer, leafIssuer)) continue;
    const reason = entry.reason;
    return {
      ...base,
      status: 'revoked',
      revokedAt: entry.revocationDate.toISOString(),
      reason: reason === undefined ? 'unspecified' : (REASON_NAMES[reason] ?? String(reason)),
    };
  }
  return base;
}
