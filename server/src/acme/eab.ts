// External Account Binding (RFC 8555 §7.3.4): the provider creates a credential in the portal (a key id and an
// HMAC key, shown once); its ACME client signs the new account's key with it, and the account acts for that provider.
// The HMAC key is kept sealed under the key-encryption key, bound to its key id.
import { randomBytes } from 'node:crypto';
import { type JWK, calculateJwkThumbprint, flattenedVerify } from 'jose';
import type { CustomerAcmeCredentialInput } from '../../../contract/delegates';
import { type Actor, auditActor } from '../certificates/service';
import { HttpError, conflict, notFound } from '../http/errors';
import type { ListQuery } from '../http/list';
import { writeEabKey } from './acmeStore';
import type { AcmeDeps } from './deps';
import { isObject } from './jws';
import { AcmeProblem } from './problems';
import * as store from './store';

/** The MAC algorithms an EAB may use. */
export const EAB_ALGORITHMS = ['HS256', 'HS384', 'HS512'] as const;
/** Credentials a provider may hold at once (not revoked): one per ACME client, with room to rotate. */
export const MAX_LIVE_EAB_KEYS = 20;

export const EAB_MESSAGES = {
  tooMany: `You already have ${MAX_LIVE_EAB_KEYS} ACME credentials. Revoke one you no longer use first.`,
  notFound: 'ACME credential not found',
  alreadyRevoked: 'This ACME credential is already revoked',
  revoked: 'ACME credential revoked',
} as const;

const aadOf = (keyId: string) => `acme-eab:${keyId}`;

/** The audit row of a credential's creation or revocation, by the provider's own account. */
const credentialAudit = (
  actor: Actor,
  action: 'acme_credential.created' | 'acme_credential.revoked',
  keyId: string,
  detail?: string,
) => ({
  action,
  actor: auditActor(actor),
  ip: actor.ip,
  serviceProviderId: actor.serviceProviderId,
  subject: keyId,
  detail,
});

/**
 * A new key id and HMAC key (both base64url, the key returned this once), the key sealed for `write` to keep: false
 * from `write` means the provider holds MAX_LIVE_EAB_KEYS already (422). The key's bytes are wiped whatever happens.
 */
async function newCredential<T>(
  deps: AcmeDeps,
  write: (c: { keyId: string; sealed: Uint8Array }) => Promise<T | false>,
): Promise<{ key_id: string; hmac_key: string; written: T }> {
  const keyId = randomBytes(16).toString('base64url');
  const hmacKey = randomBytes(32);
  try {
    const written = await write({ keyId, sealed: deps.secrets.seal(hmacKey, aadOf(keyId)) });
    if (written === false) throw new HttpError(422, EAB_MESSAGES.tooMany);
    return { key_id: keyId, hmac_key: hmacKey.toString('base64url'), written };
  } finally {
    hmacKey.fill(0);
  }
}

/** The provider's own credential: its account orders the provider's SPC. */
export async function createEabKey(
  deps: AcmeDeps,
  actor: Actor,
): Promise<{ key_id: string; hmac_key: string }> {
  const spId = actor.serviceProviderId;
  const { key_id, hmac_key } = await newCredential(deps, async ({ keyId, sealed }) => {
    const audit = credentialAudit(actor, 'acme_credential.created', keyId);
    return deps.store.insertEabKey({ keyId, spId, sealed, now: deps.now() }, MAX_LIVE_EAB_KEYS, audit);
  });
  deps.log.info({ service_provider_id: spId, key_id }, 'ACME credential created');
  return { key_id, hmac_key };
}

/**
 * A credential handed to a delegate customer (docs/acme.md): bound to the customer and to the numbers picked, as a
 * delegate certificate's are picked and checked; its account orders delegate certificates for those numbers only.
 */
export async function createCustomerEabKey(
  deps: AcmeDeps,
  actor: Actor,
  input: CustomerAcmeCredentialInput,
): Promise<{ key_id: string; hmac_key: string; customer_name: string; number_count: number }> {
  const spId = actor.serviceProviderId;
  const { key_id, hmac_key, written } = await newCredential(deps, ({ keyId, sealed }) =>
    deps.delegates.grant(actor, input, async (tx, grant) => {
      const customer = { id: grant.customerId, intervals: grant.intervals, numberCount: grant.numberCount };
      const detail = `for ${grant.customerName}, ${grant.numberCount} numbers`;
      const audit = credentialAudit(actor, 'acme_credential.created', keyId, detail);
      const key = { keyId, spId, sealed, now: deps.now(), customer };
      return (await writeEabKey(tx, key, MAX_LIVE_EAB_KEYS, audit)) && grant;
    }),
  );
  deps.log.info({ service_provider_id: spId, key_id }, 'ACME credential created for a customer');
  return { key_id, hmac_key, customer_name: written.customerName, number_count: written.numberCount };
}

export function listEabKeys(deps: AcmeDeps, actor: Actor, list: ListQuery) {
  return deps.store.listEabKeys(actor.serviceProviderId, list);
}

/** Revokes a credential: unused, it can no longer bind an account; used, the account it bound is deactivated. */
export async function revokeEabKey(
  deps: AcmeDeps,
  actor: Actor,
  keyId: string,
): Promise<{ message: string }> {
  const done = await deps.store.revokeEabKey(actor.serviceProviderId, keyId, deps.now(), (revoked) =>
    credentialAudit(
      actor,
      'acme_credential.revoked',
      keyId,
      revoked.accountDeactivated ? 'ACME account deactivated' : undefined,
    ),
  );
  if (!done) throw notFound(EAB_MESSAGES.notFound);
  if (done.alreadyRevoked) throw conflict(EAB_MESSAGES.alreadyRevoked);
  deps.log.info({ service_provider_id: actor.serviceProviderId, key_id: keyId }, 'ACME credential revoked');
  return { message: EAB_MESSAGES.revoked };
}

function eabHeader(segment: string): Record<string, unknown> {
  try {
    const header: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    if (isObject(header)) return header;
  } catch {
    // answered below
  }
  throw new AcmeProblem('malformed', 'The externalAccountBinding protected header is not a JSON object');
}

const unbound = (detail: string) => new AcmeProblem('unauthorized', detail);

/**
 * Checks a newAccount's `externalAccountBinding` (§7.3.4): a flattened JWS MACed with a credential's HMAC key,
 * whose header names the credential (`kid`) and the newAccount URL and has no nonce, and whose payload is the
 * account key of the outer request. Answers the credential, not yet used or revoked (the caller binds it).
 */
export async function verifyExternalAccountBinding(
  deps: AcmeDeps,
  eab: unknown,
  opts: { url: string; accountKey: JWK },
): Promise<store.EabKeyRow> {
  if (
    !isObject(eab) ||
    typeof eab.protected !== 'string' ||
    typeof eab.payload !== 'string' ||
    typeof eab.signature !== 'string'
  )
    throw new AcmeProblem('malformed', 'externalAccountBinding must be a flattened JWS');
  const header = eabHeader(eab.protected);
  if (typeof header.alg !== 'string' || !(EAB_ALGORITHMS as readonly string[]).includes(header.alg))
    throw new AcmeProblem(
      'badSignatureAlgorithm',
      'externalAccountBinding must be MACed with HS256, HS384 or HS512',
      {
        algorithms: [...EAB_ALGORITHMS],
      },
    );
  if ('nonce' in header) throw new AcmeProblem('malformed', 'externalAccountBinding must not have a nonce');
  if (header.url !== opts.url)
    throw new AcmeProblem('malformed', 'externalAccountBinding must name the newAccount URL');
  if (typeof header.kid !== 'string' || !/^[A-Za-z0-9_-]{16,64}$/.test(header.kid))
    throw unbound('externalAccountBinding names no known credential');
  const row = await deps.store.eabKey(header.kid);
  if (!row) throw unbound('externalAccountBinding names no known credential');
  if (row.revoked_on) throw unbound('This ACME credential was revoked; create another in the portal');
  if (row.account_id)
    throw unbound('This ACME credential already bound an account; create another in the portal');
  const hmacKey = deps.secrets.open(row.hmac_key_sealed, aadOf(row.key_id));
  let payload: Uint8Array;
  try {
    ({ payload } = await flattenedVerify(
      { protected: eab.protected, payload: eab.payload, signature: eab.signature },
      hmacKey,
      { algorithms: [header.alg] },
    ));
  } catch {
    throw unbound('The externalAccountBinding MAC does not verify with this credential');
  } finally {
    hmacKey.fill(0);
  }
  let bound: unknown;
  try {
    bound = JSON.parse(Buffer.from(payload).toString('utf8'));
  } catch {
    throw new AcmeProblem('malformed', 'The externalAccountBinding payload is not a JWK');
  }
  const same =
    isObject(bound) &&
    (await calculateJwkThumbprint(bound as JWK).catch(() => null)) ===
      (await calculateJwkThumbprint(opts.accountKey));
  if (!same)
    throw new AcmeProblem('malformed', 'externalAccountBinding must sign the account key of this request');
  return row;
}
