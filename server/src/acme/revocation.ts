// revokeCert (RFC 8555 §7.6) and ARI's renewalInfo (RFC 9773). A certificate is revoked through the portal's own
// revocation (audit, CRL re-signed, STI-PA report, mail), asked either by an account of the provider it was issued
// to, or by whoever holds the certificate's private key (the request signed with it, its `jwk` the certificate's key).
// A delegate customer's account (docs/acme.md) revokes only that customer's delegate certificates, and a provider's
// own account only the provider's SHAKEN certificates.
import { createPublicKey } from 'node:crypto';
import type { JWK } from 'jose';
import { bytesEqual, x509 } from '../ca';
import { HttpError } from '../http/errors';
import type { AcmeDeps } from './deps';
import * as orders from './orderStore';
import { isObject } from './jws';
import { AcmeProblem } from './problems';
import { certificateOfCertId } from './replaces';
import type { AccountRow } from './store';

/** RFC 5280 reason codes ACME may name (§7.6), as the portal names them; others are badRevocationReason. */
export const REASONS: Record<number, string> = {
  0: 'unspecified',
  1: 'key_compromise',
  3: 'affiliation_changed',
  4: 'superseded',
  5: 'cessation_of_operation',
};

/** The certificate a revokeCert names, as this CA issued it byte for byte. */
async function namedCertificate(deps: AcmeDeps, value: unknown) {
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]+$/.test(value) || value.length > 8192)
    throw new AcmeProblem('malformed', 'certificate must be the base64url DER of the certificate');
  const der = new Uint8Array(Buffer.from(value, 'base64url'));
  let cert: x509.X509Certificate;
  try {
    cert = new x509.X509Certificate(der.slice().buffer);
  } catch {
    throw new AcmeProblem('malformed', 'certificate is not an X.509 certificate');
  }
  const row = await deps.store.revocableBySerial(cert.serialNumber.toLowerCase());
  if (!row || !bytesEqual(new Uint8Array(row.certificate_der), der))
    throw new AcmeProblem('malformed', 'This CA did not issue this certificate', { status: 404 });
  return { cert, row };
}

/**
 * revokeCert: signed by an account of the certificate's provider (`account`), or by the certificate's key (`jwk`).
 * An already revoked certificate is alreadyRevoked.
 */
export async function revokeByAcme(
  deps: AcmeDeps,
  req: { account: AccountRow | null; jwk: JWK | null; payload: unknown; ip: string | null },
): Promise<void> {
  if (!isObject(req.payload)) throw new AcmeProblem('malformed', 'revokeCert needs {"certificate": …}');
  const reasonCode = req.payload.reason ?? 0;
  if (typeof reasonCode !== 'number' || !(reasonCode in REASONS))
    throw new AcmeProblem(
      'badRevocationReason',
      `The reason must be one of ${Object.keys(REASONS).join(', ')}`,
    );
  const { cert, row } = await namedCertificate(deps, req.payload.certificate);
  if (req.account) {
    const customer = await deps.store.customerBinding(req.account.eab_key_id);
    const ours = customer
      ? row.kind === 'delegate' && row.customer_id === customer.customer_id
      : row.kind === 'shaken';
    if (req.account.service_provider_id !== row.service_provider_id || !ours)
      throw new AcmeProblem('unauthorized', 'This account may not revoke this certificate');
  } else {
    const spki = new Uint8Array(
      createPublicKey({ key: req.jwk as never, format: 'jwk' }).export({ type: 'spki', format: 'der' }),
    );
    if (!bytesEqual(spki, new Uint8Array(cert.publicKey.rawData)))
      throw new AcmeProblem(
        'unauthorized',
        "The request must be signed by the certificate's key or an account",
      );
  }
  if (row.status === 'revoked')
    throw new AcmeProblem('alreadyRevoked', 'This certificate is already revoked');
  const sp = (await deps.store.providerStanding(row.service_provider_id))!;
  const actor = orders.actorOf(sp, req.ip);
  try {
    if (row.kind === 'delegate') await deps.delegates.revoke(actor, row.id, REASONS[reasonCode]);
    else await deps.revoke(actor, row.serial_number, REASONS[reasonCode]);
  } catch (e) {
    if (e instanceof HttpError && e.statusCode === 409)
      throw new AcmeProblem('alreadyRevoked', 'This certificate is already revoked');
    throw e;
  }
  deps.log.info(
    { service_provider_id: row.service_provider_id, serial: row.serial_number },
    'revoked by ACME',
  );
}

/** The window ARI suggests (RFC 9773 §4.2): the last third of the certificate's life, or now when it was revoked. */
export function suggestedWindow(c: { not_before: Date; not_after: Date; status: string }, now: Date) {
  if (c.status === 'revoked') {
    const past = new Date(now.getTime() - 3600_000);
    return { start: past, end: now };
  }
  const from = new Date(c.not_before).getTime();
  const life = new Date(c.not_after).getTime() - from;
  return { start: new Date(from + (life * 2) / 3), end: new Date(from + (life * 5) / 6) };
}

/** renewalInfo: the suggested window of the certificate an ARI certID names. */
export async function renewalInfo(deps: AcmeDeps, certId: string) {
  const row = await certificateOfCertId(deps, certId);
  const window = suggestedWindow(row, deps.now());
  return { suggestedWindow: { start: window.start.toISOString(), end: window.end.toISOString() } };
}
