// Orders of a TNAuthList identifier (RFC 9448), their one authorization and its one tkauth-01 challenge (RFC 9447),
// finalize, and the certificate. The challenge answer is the provider's SPC token, verified with every step of
// RFC 9448 §6 by the portal's own verifier: x5u chaining to the STI-PA root, signature, tktype, tkvalue equal to the
// identifier, exp, jti never reused, fingerprint of this account's key, and `ca` false (ACME issues end-entity
// certificates only, and finalize refuses a CSR that asks for a CA). Finalize issues through the portal's pipeline.
import { randomBytes, randomUUID } from 'node:crypto';
import { TnAuthListError, bytesEqual, decodeBase64Loose, decodeTnAuthList, encodeTnAuthList } from '../ca';
import { checkCsr } from './csr';
import { finalizeDelegateOrder, newDelegateOrder, tokenAuthorityUrl } from './delegateOrders';
import { standing } from './standing';
import { ACME_PATHS, type AcmeDeps, acmeUrl } from './deps';
import { isObject } from './jws';
import { AcmeProblem } from './problems';
import * as store from './orderStore';
import { type Replaced, replacedCertificate } from './replaces';
import type { AccountRow, CustomerBinding, NumberInterval } from './store';
import { type RequestedValidity, requestedValidity, validityWithin } from './validity';

/** How long an order (and its authorization) may wait for its answer and its CSR. */
export const ORDER_LIFETIME_MS = 24 * 3600 * 1000;
export const TKAUTH_01 = 'tkauth-01';

const url = (deps: AcmeDeps, prefix: string, id: string) => acmeUrl(deps, `${prefix}${id}`);
export const orderUrl = (deps: AcmeDeps, id: string) => url(deps, ACME_PATHS.order, id);
export const crUrl = (deps: AcmeDeps, serial: string) => `${deps.config.publicUrl}/cr/${serial}.pem`;

/**
 * An order's status as of `now`: expired while pending or ready, it is invalid; processing, it follows its
 * certificate (issued by recovery after a crash: valid; failed: invalid).
 */
function effectiveStatus(o: store.OrderRow, now: Date): store.OrderStatus {
  if ((o.status === 'pending' || o.status === 'ready') && new Date(o.expires_on) <= now) return 'invalid';
  if (o.status === 'processing' && o.certificate_status) {
    if (o.certificate_status === 'issued' || o.certificate_status === 'revoked') return 'valid';
    if (o.certificate_status === 'failed') return 'invalid';
  }
  return o.status;
}

/** The order object of RFC 8555 §7.1.3, with RFC 9448 §7's x5u (the CR URL) once issued. */
export function orderObject(deps: AcmeDeps, o: store.OrderRow) {
  const status = effectiveStatus(o, deps.now());
  return {
    status,
    expires: new Date(o.expires_on).toISOString(),
    identifiers: [{ type: 'TNAuthList', value: o.identifier_value }],
    authorizations: [url(deps, ACME_PATHS.authorization, o.authorization_id)],
    finalize: `${orderUrl(deps, o.id)}/finalize`,
    ...(status === 'valid' && o.serial_number
      ? { certificate: url(deps, ACME_PATHS.certificate, o.serial_number), x5u: crUrl(deps, o.serial_number) }
      : {}),
    ...(o.error ? { error: o.error } : {}),
    ...(o.replaces ? { replaces: o.replaces } : {}),
    ...(o.not_before ? { notBefore: new Date(o.not_before).toISOString() } : {}),
    ...(o.not_after ? { notAfter: new Date(o.not_after).toISOString() } : {}),
  };
}

function challengeObject(deps: AcmeDeps, z: store.AuthorizationRow) {
  return {
    type: TKAUTH_01,
    url: url(deps, ACME_PATHS.challenge, z.challenge_id),
    status: z.challenge_status,
    token: z.challenge_token,
    'tkauth-type': 'atc',
    // a delegate customer asks the portal's token authority (RFC 9447 §3: where the client may get its token)
    ...(z.delegate ? { 'token-authority': tokenAuthorityUrl(deps) } : {}),
    ...(z.validated_on ? { validated: new Date(z.validated_on).toISOString() } : {}),
    ...(z.challenge_error ? { error: z.challenge_error } : {}),
  };
}

export function authorizationObject(deps: AcmeDeps, z: store.AuthorizationRow) {
  const expired = z.status === 'pending' && new Date(z.expires_on) <= deps.now();
  return {
    identifier: { type: 'TNAuthList', value: z.identifier_value },
    status: expired ? 'expired' : z.status,
    expires: new Date(z.expires_on).toISOString(),
    challenges: [challengeObject(deps, z)],
  };
}

/** The SPC of an identifier value: base64url or padded base64 of the DER of a one-SPC TNAuthList, canonical DER. */
function spcOfIdentifier(value: unknown): string {
  if (typeof value !== 'string' || value.length > 200)
    throw new AcmeProblem('malformed', 'The TNAuthList identifier value must be base64url DER');
  try {
    const der = decodeBase64Loose(value);
    const spc = decodeTnAuthList(der);
    const canonical = encodeTnAuthList(spc);
    if (!bytesEqual(canonical, der)) throw new TnAuthListError('not DER');
    return spc;
  } catch (e) {
    if (!(e instanceof TnAuthListError)) throw e;
    throw new AcmeProblem(
      'rejectedIdentifier',
      `The identifier must be the DER of a TNAuthList of one SPC (end-entity certificates): ${e.message}`,
    );
  }
}

/**
 * newOrder (§7.4): one TNAuthList identifier, the provider's own SPC, while its subscription is active; notBefore and
 * notAfter when they lie within the policy and the paid period.
 */
export async function newOrder(
  deps: AcmeDeps,
  account: AccountRow,
  read: { provider: store.ProviderStanding | null; binding: CustomerBinding | null },
  payload: unknown,
): Promise<store.OrderRow> {
  if (!isObject(payload)) throw new AcmeProblem('malformed', 'newOrder needs a JSON object payload');
  const asked = requestedValidity(payload);
  const ids = payload.identifiers;
  if (!Array.isArray(ids) || ids.length === 0)
    throw new AcmeProblem('malformed', 'newOrder needs identifiers');
  if (ids.length !== 1) throw new AcmeProblem('rejectedIdentifier', 'An order names exactly one TNAuthList');
  const [id] = ids as unknown[];
  if (!isObject(id) || id.type !== 'TNAuthList')
    throw new AcmeProblem('unsupportedIdentifier', 'Only TNAuthList identifiers are supported (RFC 9448)');
  const provider = read.provider;
  if (read.binding) return newDelegateOrder(deps, account, provider, payload, id.value as string);
  const spc = spcOfIdentifier(id.value);
  const sp = standing(deps, provider);
  if (spc !== sp.ocn.toUpperCase())
    throw new AcmeProblem('rejectedIdentifier', `This account may only order certificates for its own OCN`);
  const now = deps.now();
  validityWithin(asked, { now, paidUntil: new Date(sp.subscription_expired_on!), placing: true });
  const replaces = await replacedCertificate(deps, account, spc, payload.replaces);
  return placeOrder(deps, account, { value: id.value as string, spc, asked, replaces });
}

/**
 * A new pending order of `value`, with its authorization and challenge, as written (nothing else writes a pending
 * order before its client reads it): an SPC order, or a delegate order with its `numbers`.
 */
export async function placeOrder(
  deps: AcmeDeps,
  account: AccountRow,
  o: {
    value: string;
    spc: string;
    asked: RequestedValidity;
    replaces: Replaced | null;
    numbers?: NumberInterval[];
  },
): Promise<store.OrderRow> {
  const now = deps.now();
  const order: store.OrderRow = {
    id: randomUUID(),
    account_id: account.id,
    service_provider_id: account.service_provider_id,
    status: 'pending',
    identifier_value: o.value,
    spc: o.spc,
    expires_on: new Date(now.getTime() + ORDER_LIFETIME_MS),
    error: null,
    certificate_id: null,
    authorization_id: randomUUID(),
    serial_number: null,
    replaces: o.replaces?.certId ?? null,
    not_before: o.asked.notBefore,
    not_after: o.asked.notAfter,
    delegate: o.numbers !== undefined,
  };
  const written = await deps.store.insertOrder({
    id: order.id,
    accountId: account.id,
    spId: account.service_provider_id,
    identifierValue: o.value,
    spc: o.spc,
    expiresOn: order.expires_on,
    authorizationId: order.authorization_id,
    challengeId: randomUUID(),
    token: randomBytes(16).toString('base64url'),
    now,
    validity: o.asked,
    replaces: o.replaces,
    numbers: o.numbers,
  });
  if (!written) throw new AcmeProblem('alreadyReplaced', 'Another order already replaces this certificate');
  return order;
}

/** The order read (store.orderById) when it is this account's; another's, or none, is not found (404, §7.4). */
export function ownOrder(account: AccountRow, order: store.OrderRow | null): store.OrderRow {
  if (!order || order.account_id !== account.id)
    throw new AcmeProblem('malformed', 'No such order', { status: 404 });
  return order;
}

/** The authorization read (store.authorization), when it is this account's; another's, or none, is not found. */
export function ownAuthorization(
  account: AccountRow,
  z: store.AuthorizationRow | null,
): store.AuthorizationRow {
  if (!z || z.account_id !== account.id)
    throw new AcmeProblem('malformed', 'No such authorization', { status: 404 });
  return z;
}

/** POST to an authorization (§7.5, §7.5.2): read it, or deactivate it (its order becomes invalid). */
export async function updateAuthorization(
  deps: AcmeDeps,
  account: AccountRow,
  found: store.AuthorizationRow | null,
  payload: unknown,
) {
  const z = ownAuthorization(account, found);
  if (payload === null) return z;
  if (!isObject(payload) || payload.status !== 'deactivated')
    throw new AcmeProblem('malformed', 'An authorization can only be deactivated');
  if (z.status !== 'pending' && z.status !== 'valid')
    throw new AcmeProblem('malformed', `This authorization is ${z.status}`);
  await deps.store.deactivateAuthorization(z.id, z.order_id, deps.now());
  return (await deps.store.authorization('id', z.id))!;
}

/**
 * The SHAKEN CRL the certificate names (docs/operations.md, Revocation model): CRL_URL when set; with the built-in STI-PA, its CRL;
 * with a real STI-PA and no CRL_URL, the one the CSR asks for when it is on the STI-PA's host (what the STI-PA
 * answered with the token), else the CSR is refused.
 */
function crlUrlFor(deps: AcmeDeps, requested: string | undefined): string {
  const { crlUrl } = deps.config;
  if (crlUrl) return crlUrl;
  const place = deps.stiPaCrl;
  if ('url' in place) return place.url;
  let host: string | undefined;
  try {
    host = requested ? new URL(requested).host : undefined;
  } catch {
    host = undefined;
  }
  if (!requested || host !== place.host)
    throw new AcmeProblem(
      'badCSR',
      'The CSR must name the SHAKEN CRL the STI-PA answered with the token (its crl) as CRL distribution point',
    );
  return requested;
}

/** What finalize reads with its request: the order, its provider's standing, the account's customer if any. */
type FinalizeRead = {
  order: store.OrderRow | null;
  provider: store.ProviderStanding | null;
  binding: CustomerBinding | null;
};

/** finalize (§7.4): the CSR checked, the order claimed once, then the portal's issuance; the order answers how it went. */
export async function finalizeOrder(
  deps: AcmeDeps,
  account: AccountRow,
  found: FinalizeRead,
  payload: unknown,
  ip: string | null,
): Promise<store.OrderRow> {
  const order = ownOrder(account, found.order);
  const status = effectiveStatus(order, deps.now());
  if (status !== 'ready')
    throw new AcmeProblem('orderNotReady', `The order is ${status}, not ready`, { status: 403 });
  if (!isObject(payload)) throw new AcmeProblem('malformed', 'finalize needs {"csr": …}');
  if (order.delegate) return finalizeDelegateOrder(deps, order, found, payload.csr, ip);
  const csr = await checkCsr(payload.csr, encodeTnAuthList(order.spc));
  const sp = standing(deps, found.provider);
  // what the order asked, within the paid period as it is now
  const validity = validityWithin(
    { notBefore: order.not_before, notAfter: order.not_after },
    { now: deps.now(), paidUntil: new Date(sp.subscription_expired_on!), placing: false },
  );
  const crlUrl = crlUrlFor(deps, csr.crlUrl);
  let issuerDn: Uint8Array;
  try {
    issuerDn = await deps.stiPa.crlIssuerName(crlUrl);
  } catch (e) {
    deps.log.error({ err: e, crl_url: crlUrl }, 'the SHAKEN CRL could not be read');
    throw new AcmeProblem('serverInternal', 'The SHAKEN CRL could not be read: finalize again later', {
      status: 503,
    });
  }
  if (sp.ocn.toUpperCase() !== order.spc)
    throw new AcmeProblem('unauthorized', "The provider's OCN changed since this order: order again");
  const actor = store.actorOf(sp, ip);
  const now = deps.now();
  let claimed = false;
  let outcome: { certificateId: string; serial: string } | { error: object };
  try {
    // The claim (ready → processing, once), the client's key row and the intent commit together; the order
    // names its certificate from then on, and is valid in the same commit as the certificate is issued.
    const issued = await deps.issue(actor, {
      spki: csr.spki,
      facts: sp,
      crl: { url: crlUrl, issuerDn },
      ref: `acme-order:${order.id}`,
      ...(validity ? { validity } : {}),
      hooks: {
        async afterIntent(tx, certId) {
          // a second finalize at once waits here for the first to commit, then rolls its intent back
          if (!(await store.claimFinalize(tx, order.id, certId, now)))
            throw new AcmeProblem('orderNotReady', 'The order is being finalized', { status: 403 });
          claimed = true;
        },
        onRecord: (tx, certId) => store.finishOrder(tx, order.id, { certificateId: certId }, now),
      },
    });
    outcome = issued.success
      ? { certificateId: String(issued.certificate.id), serial: issued.certificate.serial_number! }
      : {
          error: new AcmeProblem(
            issued.error_cause === 'subscription_inactive' ? 'unauthorized' : 'serverInternal',
            `The certificate was not issued: ${issued.error_cause}`,
          ).toDocument(),
        };
  } catch (e) {
    if (e instanceof AcmeProblem) throw e;
    deps.log.error({ err: e, acme_order: order.id }, 'ACME issuance failed');
    outcome = { error: new AcmeProblem('serverInternal', 'The certificate was not issued').toDocument() };
  }
  if ('certificateId' in outcome)
    return {
      ...order,
      status: 'valid',
      certificate_id: outcome.certificateId,
      serial_number: outcome.serial,
    };
  // refused before its claim: the order stays ready; the standing changed meanwhile (the problem says why), or the
  // intent could not be written
  if (!claimed) {
    standing(deps, sp);
    throw new AcmeProblem('serverInternal', 'The certificate was not issued: finalize again later', {
      status: 503,
    });
  }
  await deps.store.finishOrder(order.id, outcome, deps.now());
  return { ...order, status: 'invalid', error: outcome.error };
}

/** A certificate's chain as a download names it (its serial, lower-case hex), with the account that ordered it. */
export async function chainBySerial(deps: AcmeDeps, serial: string) {
  return /^[0-9a-f]{16,40}$/.test(serial) ? deps.store.certificateChain(serial) : null;
}

/** The chain read (chainBySerial) of a certificate this account ordered (§7.4.2): the leaf, then the intermediate. */
export function ownChain(
  account: AccountRow,
  found: { chain_pem: string; account_id: string } | null,
): string {
  if (!found || found.account_id !== account.id)
    throw new AcmeProblem('malformed', 'No such certificate', { status: 404 });
  return found.chain_pem;
}
