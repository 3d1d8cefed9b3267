// A certificate of a key the client holds (ACME's finalize): the portal's own issuance after approval, with the
// client's public key recorded in the intent's transaction.
import { randomUUID } from 'node:crypto';
import { recordAudit } from './audit';
import {
  type Approved,
  type IssuanceHooks,
  type IssueResult,
  keyFingerprint,
  signAndRecord,
  standingRefusal,
} from './issuance';
import { type Actor, type CertificateDeps, auditActor } from './service';
import * as store from './store';

/**
 * ACME's finalize: a certificate of the client's own key (the CSR's), after the ACME server verified the SPC token
 * of the order's tkauth-01 challenge and the provider's standing (`facts`, read once by the caller). The same
 * intent, lint, signature, record and audit as the portal's; the key is recorded as a `client` row (public half
 * only) with its audit entry in the intent's transaction, with whatever the caller's hooks write there.
 */
export async function issueForClientKey(
  deps: CertificateDeps,
  actor: Actor,
  input: {
    spki: Uint8Array;
    facts: store.ProviderStanding;
    crl: { url: string; issuerDn: Uint8Array };
    ref: string;
    /** The validity an ACME order asked for, checked against the policy and the paid period (else the portal's). */
    validity?: { notBefore: Date; notAfter: Date };
    hooks?: IssuanceHooks;
  },
): Promise<IssueResult> {
  const log = deps.log.child({ service_provider_id: actor.serviceProviderId });
  const now = deps.now();
  const refusal = standingRefusal(input.facts, now);
  if (refusal) return refusal;
  const key: store.KeyRow = {
    id: randomUUID(),
    key_ref: input.ref,
    key_store: 'client',
    public_key_spki: input.spki,
    created_on: now,
  };
  const approved: Approved = {
    profile: { ...input.facts, key },
    key,
    spc: input.facts.ocn.toUpperCase(),
    spki: input.spki,
    fingerprint: keyFingerprint(input.spki),
  };
  const hooks: IssuanceHooks = {
    ...input.hooks,
    async beforeIntent(tx) {
      await input.hooks?.beforeIntent?.(tx);
      await store.insertKey(tx, {
        id: key.id,
        spId: actor.serviceProviderId,
        keyRef: key.key_ref,
        keyStore: 'client',
        spki: input.spki,
        origin: 'acme',
        now,
      });
      await recordAudit(tx, {
        action: 'key.imported',
        actor: auditActor(actor),
        ip: actor.ip,
        serviceProviderId: actor.serviceProviderId,
        subject: key.id,
        detail: input.ref,
      });
    },
  };
  return signAndRecord(deps, actor, approved, {
    now,
    log,
    crl: input.crl,
    hooks,
    newKey: true,
    validity: input.validity,
  });
}
