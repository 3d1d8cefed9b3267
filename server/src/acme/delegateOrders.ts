// ACME for a provider's delegate customers (docs/acme.md, "Delegate certificates by ACME"). A credential the
// provider handed to a customer binds an account to that customer and to numbers; the account orders a TNAuthList
// of those numbers, asks the portal's token authority for a token vouching for them (RFC 9448 §5), answers the
// tkauth-01 challenge with it, and finalizes to a delegate certificate signed by the provider's STI-SCA.
import {
  TnAuthListError,
  bytesEqual,
  decodeBase64Loose,
  decodeTnEntries,
  encodeTnEntries,
  fingerprintMatches,
} from '../ca';
import { createPublicKey } from 'node:crypto';
import { HttpError } from '../http/errors';
import { checkCsr } from './csr';
import { ACME_PATHS, type AcmeDeps, acmeUrl } from './deps';
import { isObject } from './jws';
import * as store from './orderStore';
import { placeOrder } from './orders';
import { AcmeProblem } from './problems';
import { standing } from './standing';
import type { AccountRow, CustomerBinding, NumberInterval } from './store';
import { signAuthorityToken } from './tokenAuthority';

/** The country code before the 10 NANP digits in a delegate's TNAuthList, as in a PASSporT's `orig.tn`. */
const COUNTRY_CODE = '1';
const NUMBER_RE = /^1(\d{10})$/;
/** The longest identifier a delegate order takes (about 300 entries); more numbers: a credential's certificate. */
export const MAX_IDENTIFIER_CHARS = 8192;

/** The URL a customer asks for tokens, and the one its tokens' x5u names. */
export const tokenAuthorityUrl = (deps: Pick<AcmeDeps, 'config'>) => acmeUrl(deps, ACME_PATHS.tokenAuthority);
export const tokenAuthorityCertificateUrl = (deps: Pick<AcmeDeps, 'config'>) =>
  acmeUrl(deps, ACME_PATHS.tokenAuthorityCertificate);

/** Intervals as the entries a delegate certificate lists: maximal runs in number order, `1` + 10 digits. */
export function canonicalEntries(intervals: readonly NumberInterval[]) {
  const tn = (n: number) => `${COUNTRY_CODE}${String(n).padStart(10, '0')}`;
  return intervals.map((i) =>
    i.lo === i.hi ? { one: tn(i.lo) } : { range: { start: tn(i.lo), count: i.hi - i.lo + 1 } },
  );
}

const notCanonical = (why: string) =>
  new AcmeProblem(
    'rejectedIdentifier',
    `A delegate order's TNAuthList lists its numbers as the certificate will: ${why}`,
  );

/**
 * The numbers of a delegate order's identifier (base64url or padded base64 of a TNAuthList's DER), which must list
 * them as the certificate will, so that the CSR, the token and the certificate carry the same bytes: E.164 digits
 * with country code 1, each maximal run of consecutive numbers one range and every other number one entry, in
 * number order, no SPC.
 */
export function numbersOfIdentifier(value: unknown): NumberInterval[] {
  if (typeof value !== 'string' || value.length > MAX_IDENTIFIER_CHARS)
    throw new AcmeProblem(
      'malformed',
      `The TNAuthList identifier value must be base64url DER of at most ${MAX_IDENTIFIER_CHARS} characters`,
    );
  let der: Uint8Array;
  let entries: ReturnType<typeof decodeTnEntries>;
  try {
    der = decodeBase64Loose(value);
    entries = decodeTnEntries(der);
  } catch (e) {
    if (!(e instanceof TnAuthListError)) throw e;
    throw new AcmeProblem('rejectedIdentifier', `The identifier is not a TNAuthList: ${e.message}`);
  }
  const intervals: NumberInterval[] = [];
  for (const e of entries) {
    if ('spc' in e)
      throw new AcmeProblem(
        'rejectedIdentifier',
        "This account orders delegate certificates: its identifier lists numbers, not its provider's SPC",
      );
    const [start, count] = 'one' in e ? [e.one, 1] : [e.range.start, e.range.count];
    const m = NUMBER_RE.exec(start);
    if (!m) throw notCanonical(`${start} is not 1 followed by 10 digits`);
    const lo = Number(m[1]);
    intervals.push({ lo, hi: lo + count - 1 });
  }
  for (let k = 1; k < intervals.length; k++)
    if (intervals[k].lo <= intervals[k - 1].hi + 1)
      throw notCanonical('in number order, with each run of consecutive numbers as one range');
  if (!bytesEqual(encodeTnEntries(canonicalEntries(intervals)), der))
    throw notCanonical('DER, each run of two or more numbers a range, a single number a one');
  return intervals;
}

/** The bound customer of a customer's account; a provider's own account is refused (403). */
export function customerOf(binding: CustomerBinding | null): CustomerBinding {
  if (!binding)
    throw new AcmeProblem(
      'unauthorized',
      "The token authority vouches for numbers a provider handed to its customer; this account orders its provider's SPC with the STI-PA's tokens",
    );
  return binding;
}

/**
 * The token authority (RFC 9448 §5): `{"atc": {"tktype": "TNAuthList", "tkvalue": …, "ca": false, "fingerprint":
 * …}}` from a customer's account, for numbers among those its credential binds and its own key; answered with a
 * token as the STI-PA answers (`{"status": "success", "token": …}`).
 */
export async function issueAuthorityToken(
  deps: AcmeDeps,
  account: AccountRow,
  binding: CustomerBinding | null,
  payload: unknown,
): Promise<{ status: 'success'; message: string; token: string }> {
  customerOf(binding);
  const atc = isObject(payload) ? payload.atc : undefined;
  if (!isObject(atc))
    throw new AcmeProblem(
      'malformed',
      'Ask for a token with {"atc": {"tktype": "TNAuthList", "tkvalue": …, "ca": false, "fingerprint": …}}',
    );
  if (atc.tktype !== 'TNAuthList') throw new AcmeProblem('malformed', 'tktype must be TNAuthList');
  if (atc.ca !== undefined && atc.ca !== false)
    throw new AcmeProblem('unauthorized', 'A delegate certificate is not a CA: ca must be false');
  const intervals = numbersOfIdentifier(atc.tkvalue);
  if (typeof atc.fingerprint !== 'string')
    throw new AcmeProblem('malformed', "fingerprint must name this account's key");
  const accountKey = createPublicKey({ key: account.jwk as never, format: 'jwk' });
  if (!fingerprintMatches(atc.fingerprint, accountKey))
    throw new AcmeProblem('unauthorized', "The fingerprint is not this account's key");
  if (!(await deps.store.withinBinding(account.eab_key_id, intervals)))
    throw new AcmeProblem(
      'unauthorized',
      'These numbers are not all among those your provider handed to this account',
    );
  const token = await signAuthorityToken(
    deps.tokenAuthority,
    tokenAuthorityCertificateUrl(deps),
    { tkvalue: atc.tkvalue as string, fingerprint: atc.fingerprint.trim() },
    deps.now(),
  );
  deps.log.info(
    { service_provider_id: account.service_provider_id, acme_account: account.id },
    'ACME authority token issued for a delegate customer',
  );
  return { status: 'success', message: 'Authority token issued', token };
}

/** A refusal of the portal's delegate issuance (standing, STI-SCA, inventory, other customers) as ACME's. */
export function delegateRefusal(e: unknown): unknown {
  if (!(e instanceof HttpError)) return e;
  return new AcmeProblem('unauthorized', e.message, { status: 403 });
}

/**
 * newOrder of a delegate customer's account (docs/acme.md): a TNAuthList of numbers its credential binds, while its
 * provider may have certificates; the validity is the one a delegate certificate gets, so none may be asked.
 */
export async function newDelegateOrder(
  deps: AcmeDeps,
  account: AccountRow,
  provider: store.ProviderStanding | null,
  payload: Record<string, unknown>,
  value: string,
): Promise<store.OrderRow> {
  const numbers = numbersOfIdentifier(value);
  const sp = standing(deps, provider);
  if (payload.notBefore !== undefined || payload.notAfter !== undefined)
    throw new AcmeProblem(
      'malformed',
      "A delegate certificate's validity is the paid period's, within the STI-SCA's: leave notBefore and notAfter out",
    );
  if (payload.replaces !== undefined)
    throw new AcmeProblem('malformed', 'A delegate order is renewed by ordering again, without replaces');
  if (!(await deps.store.withinBinding(account.eab_key_id, numbers)))
    throw new AcmeProblem(
      'rejectedIdentifier',
      'These numbers are not all among those your provider handed to this account',
    );
  const asked = { notBefore: null, notAfter: null };
  return placeOrder(deps, account, { value, spc: sp.ocn.toUpperCase(), asked, replaces: null, numbers });
}

/**
 * finalize of a delegate order: the CSR for exactly the order's TNAuthList, then the portal's delegate issuance
 * (standing, STI-SCA, inventory and other customers checked again), which claims the order and makes it valid in
 * its own transaction. A refusal leaves the order ready, the problem saying why.
 */
export async function finalizeDelegateOrder(
  deps: AcmeDeps,
  order: store.OrderRow,
  found: { provider: store.ProviderStanding | null; binding: CustomerBinding | null },
  csrValue: unknown,
  ip: string | null,
): Promise<store.OrderRow> {
  const csr = await checkCsr(csrValue, decodeBase64Loose(order.identifier_value));
  const sp = standing(deps, found.provider);
  if (!found.binding) throw new AcmeProblem('unauthorized', 'This account no longer orders for a customer');
  const now = deps.now();
  try {
    await deps.delegates.issue(store.actorOf(sp, ip), {
      customerId: found.binding.customer_id,
      customerName: found.binding.customer_name,
      intervals: numbersOfIdentifier(order.identifier_value),
      spki: csr.spki,
      requestKey: `acme-order:${order.id}`,
      async onRecord(tx, certId) {
        if (!(await store.claimFinalize(tx, order.id, certId, now)))
          throw new AcmeProblem('orderNotReady', 'The order is being finalized', { status: 403 });
        await store.finishOrder(tx, order.id, { certificateId: certId }, now);
      },
    });
  } catch (e) {
    throw delegateRefusal(e);
  }
  return (await deps.store.orderById(order.id))!;
}
