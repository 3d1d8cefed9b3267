// Recovery of issuances a crash interrupted. An issuance stores its intent ('pending', with its serial) before
// anything is signed, keeps the signed certificate on that row, then records it as issued (issuance.ts). A row
// still pending after the grace (PENDING_GRACE_SECONDS, a minute by default) was interrupted: signed and kept → it is completed now (issued, audited,
// a renewal's old certificate settled as the renewal asked); not signed → it is marked 'failed' with that cause.
// Its serial stays on the row either way, so it is never used again. Runs at start and every minute.
import { DEFAULT_PENDING_GRACE_SECONDS } from '../config';
import type { JobDefinition } from '../jobs/queue';
import { queuePublishCr } from '../publishing/jobs';
import { recordAudit } from './audit';
import { type Revoked, SYSTEM_ACTOR, afterRevocation, settleReplaced } from './revocation';
import type { CertificateDeps } from './service';
import * as pending from './pendingStore';
import * as store from './store';

/** The default grace: an issuance takes seconds; a row pending for longer than this was interrupted. */
export const PENDING_GRACE_MS = DEFAULT_PENDING_GRACE_SECONDS * 1000;
export const CERTIFICATE_RECOVERY_JOB = 'certificate-recovery';
export const CERTIFICATE_RECOVERY_CRON = '* * * * *';
/** Rows settled per run (the next run takes the rest). */
const BATCH = 100;

export const NOT_SIGNED_CAUSE =
  'interrupted before the certificate was signed and stored; nothing was issued';

type RecoveryDeps = Pick<CertificateDeps, 'db' | 'now' | 'log' | 'jobs' | 'config' | 'crl' | 'stiPa'>;

export interface RecoveryResult {
  completed: string[];
  failed: string[];
}

async function settle(
  deps: RecoveryDeps,
  id: string,
): Promise<{ outcome: 'completed' | 'failed'; serial: string; revoked: Revoked | null } | null> {
  return deps.db.transaction(async (tx) => {
    const p = await pending.lockPending(tx, id);
    if (!p) return null; // settled meanwhile, by its own request or another server
    if (!p.signed) {
      await store.markFailed(tx, p.id, NOT_SIGNED_CAUSE);
      return { outcome: 'failed' as const, serial: p.serial_number, revoked: null };
    }
    await store.markIssued(tx, p.id);
    await recordAudit(tx, {
      action: 'certificate.issued',
      actor: { accountId: SYSTEM_ACTOR.accountId, email: SYSTEM_ACTOR.email },
      ip: null,
      serviceProviderId: p.service_provider_id,
      subject: p.serial_number,
      detail: `key ${p.private_key_id}; completed by recovery after an interruption`,
    });
    await queuePublishCr(deps, tx, p.serial_number);
    let revoked: Revoked | null = null;
    if (p.replaces_id) {
      const old = await store.certificateById(tx, p.replaces_id, { forUpdate: true });
      if (old && old.status === 'issued') {
        // The renewal's own settlement, on behalf of the provider, by the system.
        const actor = { ...SYSTEM_ACTOR, serviceProviderId: p.service_provider_id };
        revoked = await settleReplaced(deps, tx, actor, {
          old,
          newSerial: p.serial_number,
          revokeOld: p.renewal_revoke_old ?? 'keep',
        });
      }
    }
    return { outcome: 'completed' as const, serial: p.serial_number, revoked };
  });
}

/** Settles every certificate pending for longer than the configured grace; each in its own transaction. */
export async function recoverPendingCertificates(deps: RecoveryDeps): Promise<RecoveryResult> {
  const before = new Date(deps.now().getTime() - deps.config.pendingGraceSeconds * 1000);
  const result: RecoveryResult = { completed: [], failed: [] };
  for (const id of await pending.pendingCreatedBefore(deps.db, before, BATCH)) {
    const settled = await settle(deps, id);
    if (!settled) continue;
    if (settled.revoked) await afterRevocation(deps, settled.revoked);
    result[settled.outcome].push(settled.serial);
    if (settled.outcome === 'completed')
      deps.log.warn(
        { serial: settled.serial },
        'an interrupted issuance was completed from its signed certificate',
      );
    else
      deps.log.warn(
        { serial: settled.serial },
        'an interrupted issuance was marked failed: nothing was signed',
      );
  }
  return result;
}

export function recoveryJobs(deps: RecoveryDeps): JobDefinition[] {
  return [
    {
      name: CERTIFICATE_RECOVERY_JOB,
      cron: CERTIFICATE_RECOVERY_CRON,
      handler: async () => {
        await recoverPendingCertificates(deps);
      },
    },
  ];
}
