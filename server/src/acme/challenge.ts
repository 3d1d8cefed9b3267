// The tkauth-01 challenge (RFC 9447 §3, RFC 9448 §6): the SPC token of an answer, checked with the portal's own
// verifier against the order's TNAuthList and the account's key, settles the challenge, its authorization and its
// order, and spends the token's id, in one statement.
import { type KeyObject, createPublicKey } from 'node:crypto';
import { SpcTokenError, bytesEqual, decodeBase64Loose, replayedToken } from '../ca';
import { tokenAuthorityCertificateUrl } from './delegateOrders';
import type { AcmeDeps } from './deps';
import { isObject } from './jws';
import { ownAuthorization } from './orders';
import * as store from './orderStore';
import { AcmeProblem } from './problems';
import type { AccountRow } from './store';
import { AuthorityTokenError, verifyAuthorityToken } from './tokenAuthority';

/** The SPC token of an answer: `{"tkauth": …}` as RFC 9447 writes it, or `{"atc": …}` as deployed clients send it. */
function tokenOfAnswer(payload: unknown): string {
  const token = isObject(payload) ? (payload.tkauth ?? payload.atc) : undefined;
  if (typeof token !== 'string' || token === '')
    throw new AcmeProblem('malformed', 'Answer the tkauth-01 challenge with {"tkauth": "<SPC token>"}');
  return token;
}

/**
 * POST to the challenge (§7.5.1, RFC 9447 §3): POST-as-GET reads it; an answer carrying the SPC token is verified at
 * once, and settles the challenge, its authorization and its order. A challenge no longer pending is answered as it is.
 */
export async function answerChallenge(
  deps: AcmeDeps,
  account: AccountRow,
  found: store.AuthorizationRow | null,
  payload: unknown,
) {
  const z = ownAuthorization(account, found);
  if (payload === null || z.challenge_status !== 'pending') return z;
  const token = tokenOfAnswer(payload);
  const now = deps.now();
  if (new Date(z.expires_on) <= now)
    throw new AcmeProblem('malformed', 'This authorization has expired: order again');
  const what = z.delegate ? 'authority token' : 'SPC token';
  const refusal = (e: unknown) =>
    new AcmeProblem(
      'incorrectResponse',
      e instanceof SpcTokenError || e instanceof AuthorityTokenError
        ? `The ${what} was refused: ${e.message}`
        : `The ${what} could not be verified`,
    ).toDocument();
  // The token's id is spent with the challenge's settlement, in one statement (settleChallenge), not by the check.
  let spend: { jti: string; exp: Date } | undefined;
  let answer: Parameters<typeof store.settleChallenge>[2];
  // the account's key, in whichever form the client fingerprinted it (fingerprintMatches)
  const accountKey = createPublicKey({ key: account.jwk as never, format: 'jwk' });
  try {
    if (z.delegate) spend = await verifyDelegateToken(deps, z, token, accountKey, now);
    else
      await deps.stiPa.verifySpcToken(token, {
        expectedSpc: z.spc,
        expectedCa: false,
        expectedFingerprint: accountKey,
        now,
        jtiSeen: async (jti, exp) => {
          spend = { jti, exp };
          return false;
        },
      });
    if (!spend) throw new Error('the SPC token was verified without its jti');
    answer = { valid: true, ...spend, replayed: refusal(replayedToken()) };
  } catch (e) {
    if (!(e instanceof SpcTokenError) && !(e instanceof AuthorityTokenError))
      deps.log.warn({ err: e }, `${what} of an ACME challenge not verified`);
    answer = { valid: false, error: refusal(e) };
  }
  const outcome = await deps.store.settleChallenge(z, answer, now);
  if (!outcome)
    // another answer settled it first: its outcome is the one to show
    return (await deps.store.authorization('challenge_id', z.challenge_id))!;
  deps.log.info(
    { service_provider_id: z.service_provider_id, acme_order: z.order_id, valid: outcome.valid },
    'ACME tkauth-01 challenge answered',
  );
  const status = outcome.valid ? ('valid' as const) : ('invalid' as const);
  return {
    ...z,
    status,
    challenge_status: status,
    validated_on: now,
    challenge_error: outcome.valid ? null : outcome.error,
  };
}

/** A delegate order's token: the portal's token authority's, for exactly the order's TNAuthList (tokenAuthority.ts). */
function verifyDelegateToken(
  deps: AcmeDeps,
  z: store.AuthorizationRow,
  token: string,
  accountKey: KeyObject,
  now: Date,
) {
  const identifier = decodeBase64Loose(z.identifier_value);
  const sameList = (tkvalue: string) => {
    try {
      return bytesEqual(decodeBase64Loose(tkvalue), identifier);
    } catch {
      return false;
    }
  };
  return verifyAuthorityToken(deps.tokenAuthority, token, {
    x5u: tokenAuthorityCertificateUrl(deps),
    sameList,
    accountKey,
    now,
  });
}
