// keyChange (RFC 8555 §7.3.5): the outer request signed by the account's current key, its payload an inner JWS
// signed by the new key (`jwk`, the same `url`, no nonce) over {account, oldKey}. The account then answers to the
// new key only; a key another account holds is a conflict, answered with that account's URL.
import { type JWK, calculateJwkThumbprint, flattenedVerify, importJWK } from 'jose';
import { PG_ERRORS, pgErrorCode } from '../db/errors';
import { publicJwk, thumbprintOf } from './accounts';
import { type AcmeDeps, accountUrl } from './deps';
import { ACME_JWS_ALGORITHMS, type AcmeJwsAlgorithm, checkAccountKey, isObject } from './jws';
import { AcmeProblem } from './problems';
import * as store from './store';

function innerHeader(segment: unknown): Record<string, unknown> {
  try {
    const header: unknown = JSON.parse(Buffer.from(String(segment), 'base64url').toString('utf8'));
    if (isObject(header)) return header;
  } catch {
    // answered below
  }
  throw new AcmeProblem('malformed', 'The inner JWS protected header is not a JSON object');
}

export async function changeAccountKey(
  deps: AcmeDeps,
  account: store.AccountRow,
  outerUrl: string,
  inner: unknown,
): Promise<store.AccountRow> {
  if (
    !isObject(inner) ||
    typeof inner.protected !== 'string' ||
    typeof inner.payload !== 'string' ||
    typeof inner.signature !== 'string'
  )
    throw new AcmeProblem('malformed', 'The keyChange payload must be a flattened JWS signed by the new key');
  const header = innerHeader(inner.protected);
  const alg = header.alg;
  if (typeof alg !== 'string' || !(ACME_JWS_ALGORITHMS as readonly string[]).includes(alg))
    throw new AcmeProblem('badSignatureAlgorithm', 'The new key must sign with ES256 or RS256', {
      algorithms: [...ACME_JWS_ALGORITHMS],
    });
  if ('nonce' in header) throw new AcmeProblem('malformed', 'The inner JWS must not have a nonce');
  if (header.url !== outerUrl)
    throw new AcmeProblem('malformed', 'The inner JWS must name the keyChange URL');
  if (!isObject(header.jwk) || 'kid' in header)
    throw new AcmeProblem('malformed', 'The inner JWS must carry the new key as jwk');
  const newKey = header.jwk as JWK;
  checkAccountKey(newKey, alg as AcmeJwsAlgorithm);
  let payload: unknown;
  try {
    const verified = await flattenedVerify(
      { protected: inner.protected, payload: inner.payload, signature: inner.signature },
      await importJWK(newKey, alg),
      { algorithms: [alg] },
    );
    payload = JSON.parse(Buffer.from(verified.payload).toString('utf8'));
  } catch {
    throw new AcmeProblem('malformed', 'The inner JWS does not verify with the new key');
  }
  if (!isObject(payload) || payload.account !== accountUrl(deps, account.id))
    throw new AcmeProblem('malformed', 'The inner payload must name this account');
  const oldKey = payload.oldKey;
  const oldThumbprint = isObject(oldKey)
    ? await calculateJwkThumbprint(oldKey as JWK).catch(() => null)
    : null;
  if (oldThumbprint !== account.thumbprint)
    throw new AcmeProblem('malformed', "The inner payload's oldKey is not this account's key");
  const thumbprint = await thumbprintOf(newKey);
  let changed = false;
  try {
    changed = await deps.store.changeAccountKey(account.id, publicJwk(newKey), thumbprint, deps.now());
  } catch (e) {
    if (pgErrorCode(e) !== PG_ERRORS.uniqueViolation) throw e;
  }
  if (!changed) {
    // §7.3.5: 409 and, as Location, the account that holds the key (none when it let go of it meanwhile)
    const holder = await deps.store.accountByThumbprint(thumbprint);
    throw new AcmeProblem('malformed', 'Another account already has this key', {
      status: 409,
      location: holder ? accountUrl(deps, holder.id) : undefined,
    });
  }
  deps.log.info({ acme_account: account.id }, 'ACME account key changed');
  return (await deps.store.accountById(account.id))!;
}
