// ACME accounts (RFC 8555 §7.3): created with an External Account Binding to a portal provider, found again by
// their key, updated (contacts), deactivated, and rekeyed. The protocol checks (JWS, nonce) are the routes'.
import { randomUUID } from 'node:crypto';
import { type JWK, calculateJwkThumbprint } from 'jose';
import { PG_ERRORS, pgErrorCode } from '../db/errors';
import { type AcmeDeps, accountUrl } from './deps';
import { verifyExternalAccountBinding } from './eab';
import { isObject } from './jws';
import { AcmeProblem } from './problems';
import * as store from './store';

/** The most contacts an account keeps. */
export const MAX_CONTACTS = 4;
const MAILTO = /^mailto:[^\s@,;?]+@[^\s@,;?]+\.[^\s@,;?]+$/i;

/** The account object of §7.1.2, as a client reads it. */
export function accountObject(deps: AcmeDeps, a: store.AccountRow) {
  return {
    status: a.status,
    contact: a.contact,
    orders: `${accountUrl(deps, a.id)}/orders`,
    createdAt: new Date(a.created_on).toISOString(),
  };
}

/** `contact` as §7.3 allows it here: mailto: URIs only (unsupportedContact), well formed (invalidContact). */
function contacts(value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.some((c) => typeof c !== 'string'))
    throw new AcmeProblem('malformed', 'contact must be an array of URIs');
  if (value.length > MAX_CONTACTS)
    throw new AcmeProblem('malformed', `An account has at most ${MAX_CONTACTS} contacts`);
  for (const c of value as string[]) {
    if (!/^mailto:/i.test(c))
      throw new AcmeProblem(
        'unsupportedContact',
        `Only mailto: contacts are supported, not ${JSON.stringify(c.slice(0, 60))}`,
      );
    if (!MAILTO.test(c) || c.length > 254)
      throw new AcmeProblem('invalidContact', `${JSON.stringify(c.slice(0, 60))} is not an email address`);
  }
  return value as string[];
}

/** The thumbprint that identifies an account by its key (RFC 7638, SHA-256). */
export const thumbprintOf = (jwk: JWK) => calculateJwkThumbprint(jwk, 'sha256');

export type NewAccountResult = { created: boolean; account: store.AccountRow };

/**
 * newAccount (§7.3): the account of this key if there is one (200); else, unless onlyReturnExisting, a new one
 * bound by its externalAccountBinding to the provider whose credential MACed it (201).
 */
export async function newAccount(
  deps: AcmeDeps,
  req: { url: string; jwk: JWK; payload: unknown },
): Promise<NewAccountResult> {
  const payload = req.payload;
  if (!isObject(payload)) throw new AcmeProblem('malformed', 'newAccount needs a JSON object payload');
  const thumbprint = await thumbprintOf(req.jwk);
  const existing = await deps.store.accountByThumbprint(thumbprint);
  if (existing) {
    if (existing.status !== 'valid')
      throw new AcmeProblem('unauthorized', `The account of this key is ${existing.status}`);
    return { created: false, account: existing };
  }
  if (payload.onlyReturnExisting === true)
    throw new AcmeProblem('accountDoesNotExist', 'No account has this key');
  if (payload.externalAccountBinding === undefined)
    throw new AcmeProblem(
      'externalAccountRequired',
      'An account must be bound to a portal account: create an ACME credential on the Certificates page',
    );
  const contact = contacts(payload.contact) ?? [];
  const eab = await verifyExternalAccountBinding(deps, payload.externalAccountBinding, {
    url: req.url,
    accountKey: req.jwk,
  });
  const id = randomUUID();
  const now = deps.now();
  // A stripped copy: only the members of the public key are kept.
  const jwk = publicJwk(req.jwk);
  try {
    if (!(await deps.store.insertAccount({ id, eabKeyId: eab.key_id, jwk, thumbprint, contact, now })))
      throw new AcmeProblem('unauthorized', 'This ACME credential was revoked or used meanwhile');
  } catch (e) {
    // the same key registered at the same moment by another request: that account is the answer
    if (pgErrorCode(e) !== PG_ERRORS.uniqueViolation) throw e;
    const winner = await deps.store.accountByThumbprint(thumbprint);
    if (!winner) throw e;
    return { created: false, account: winner };
  }
  deps.log.info(
    { service_provider_id: eab.service_provider_id, acme_account: id, key_id: eab.key_id },
    'ACME account created',
  );
  return { created: true, account: (await deps.store.accountById(id))! };
}

/** The public members of an account key (a client might send extra ones, such as `kid` or `use`). */
export function publicJwk(jwk: JWK): JWK {
  if (jwk.kty === 'EC') return { kty: 'EC', crv: jwk.crv, x: jwk.x, y: jwk.y };
  return { kty: 'RSA', n: jwk.n, e: jwk.e };
}

/** POST to the account URL (§7.3.2, §7.3.6): POST-as-GET reads it; `contact` updates it; `status: deactivated` ends it. */
export async function updateAccount(
  deps: AcmeDeps,
  account: store.AccountRow,
  payload: unknown,
): Promise<store.AccountRow> {
  if (payload === null) return account;
  if (!isObject(payload)) throw new AcmeProblem('malformed', 'The account update must be a JSON object');
  const status = payload.status;
  if (status !== undefined && status !== 'deactivated' && status !== 'valid')
    throw new AcmeProblem('malformed', 'An account can only be deactivated');
  const contact = contacts(payload.contact);
  if (status !== 'deactivated' && contact === undefined) return account;
  const updated = await deps.store.updateAccount(
    account.id,
    { contact, status: status === 'deactivated' ? 'deactivated' : undefined },
    deps.now(),
  );
  if (!updated) throw new AcmeProblem('unauthorized', 'This account is no longer valid');
  if (status === 'deactivated') deps.log.info({ acme_account: account.id }, 'ACME account deactivated');
  return updated;
}
