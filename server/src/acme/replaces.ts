// ARI's certIDs (RFC 9773 §4.1: base64url of the issuer's key identifier "." base64url of the serial), and a new
// order's `replaces` (§5): the certificate it renews must be one this CA issued to the account's provider, for the
// order's SPC, and not already being replaced by another order (409 alreadyReplaced).
import { x509 } from '../ca';
import type { AcmeDeps } from './deps';
import * as orders from './orderStore';
import { AcmeProblem } from './problems';
import type { AccountRow } from './store';

const CERT_ID = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/;

const notIssued = () =>
  new AcmeProblem('malformed', 'This CA issued no certificate with this certID', { status: 404 });

/** The certificate an ARI certID names, when this CA issued it (its AKI and serial both match). */
export async function certificateOfCertId(deps: AcmeDeps, certId: string): Promise<orders.IssuedCertificate> {
  const m = certId.length <= 200 ? CERT_ID.exec(certId) : null;
  if (!m) throw new AcmeProblem('malformed', 'The certID must be base64url(keyIdentifier).base64url(serial)');
  const aki = Buffer.from(m[1], 'base64url');
  const serial = Buffer.from(m[2], 'base64url').toString('hex');
  const row = /^[0-9a-f]{16,40}$/.test(serial) ? await deps.store.certificateBySerial(serial) : null;
  const cert = row ? new x509.X509Certificate(new Uint8Array(row.certificate_der).slice().buffer) : null;
  const issuerKey = cert?.getExtension(x509.AuthorityKeyIdentifierExtension)?.keyId;
  if (!row || !issuerKey || issuerKey.toLowerCase() !== aki.toString('hex')) throw notIssued();
  return row;
}

export interface Replaced {
  certId: string;
  id: string;
}

/** newOrder's `replaces`, checked: null when the order replaces nothing. */
export async function replacedCertificate(
  deps: AcmeDeps,
  account: AccountRow,
  spc: string,
  replaces: unknown,
): Promise<Replaced | null> {
  if (replaces === undefined) return null;
  if (typeof replaces !== 'string') throw new AcmeProblem('malformed', 'replaces must be an ARI certID');
  const cert = await certificateOfCertId(deps, replaces);
  // another provider's certificate is one this account cannot know of: said the same way as none
  if (cert.service_provider_id !== account.service_provider_id) throw notIssued();
  if (cert.spc !== spc)
    throw new AcmeProblem('malformed', `The certificate this order replaces is for ${cert.spc}, not ${spc}`);
  return { certId: replaces, id: cert.id };
}
