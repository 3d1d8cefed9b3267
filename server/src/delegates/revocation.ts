// Revocation of a hosted STI-SCA (docs/delegates.md): the STI-SCA and every certificate it signed in one
// transaction, then the CRL signer's indirect CRL, which lists revoked STI-SCAs, re-signed at once.
import { STI_SCA_MESSAGES } from '../../../contract/delegates';
import { recordAudit } from '../certificates/audit';
import { type Actor, auditActor } from '../certificates/service';
import type { Queryable } from '../db';
import { conflict, notFound } from '../http/errors';
import type { StiScaDeps } from './stiSca';
import * as store from './store';

/**
 * Revokes the delegate certificates an STI-SCA signed, in its revocation's transaction, with its reason: a
 * delegate is never valid under a revoked STI-SCA. Answers their serials.
 */
export async function revokeDelegatesOf(
  tx: Queryable,
  stiSca: Pick<store.StiScaRecord, 'id' | 'service_provider_id' | 'serial_number'>,
  reason: string,
  now: Date,
): Promise<string[]> {
  const serials = await store.revokeCertificatesSignedBy(tx, stiSca.id, reason, now);
  for (const serial of serials) {
    await recordAudit(tx, {
      action: 'certificate.revoked',
      actor: { accountId: null, email: 'system' },
      ip: null,
      serviceProviderId: stiSca.service_provider_id,
      subject: serial,
      detail: `${reason}; its STI-SCA ${stiSca.serial_number} was revoked`,
    });
  }
  return serials;
}

/**
 * POST /api/service_provider/sti_sca/{id}/revoke: the STI-SCA and every delegate it signed are revoked in one
 * transaction; then the CRL signer's indirect CRL, which lists revoked STI-SCAs, is re-signed at once.
 */
export async function revokeStiSca(
  deps: StiScaDeps,
  actor: Actor,
  id: string,
  reason: string,
): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const row = await store.stiScaById(tx, actor.serviceProviderId, id.toLowerCase(), { forUpdate: true });
    if (!row) throw notFound(STI_SCA_MESSAGES.notFound);
    if (row.status === 'revoked') throw conflict(STI_SCA_MESSAGES.alreadyRevoked);
    await store.revokeOfKind(tx, 'sti_sca', row.id, reason, now);
    await revokeDelegatesOf(tx, row, reason, now);
    await recordAudit(tx, {
      action: 'certificate.revoked',
      actor: auditActor(actor),
      ip: actor.ip,
      serviceProviderId: actor.serviceProviderId,
      subject: row.serial_number,
      detail: `${reason}; STI-SCA`,
    });
  });
  const signer = deps.ca.crlSigner;
  if (!signer) return;
  try {
    await deps.crl.reissue(signer.id);
  } catch (e) {
    deps.log.error(
      { err: e, issuer_id: signer.id },
      'the CRL could not be reissued after an STI-SCA revocation',
    );
  }
}
