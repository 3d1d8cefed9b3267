// Publishing through the job queue: `publish-cr` writes one certificate's CR answer to the origin once its
// issuance committed, `publish-crl` an issuer's newest CRL once it was signed, and `publish-crls` goes over every
// issuer's CRL every ten minutes (what a send that failed, or came before the queue started, left behind), and
// `publish-expired` removes each day the chains of certificates that expired (the portal answers 404 for them).
// Sent only while an origin is configured (PUBLISH_DIR or PUBLISH_S3_BUCKET); the handlers are idempotent (the same bytes write nothing).
import type { Config } from '../config';
import type { Queryable } from '../db';
import type { JobDefinition, JobQueue } from '../jobs/queue';
import { configuredOrigin } from './configured';
import { crObject, crlObject } from './objects';
import { type Origin, crKey } from './origin';
import { isPublishing } from './settings';

export const PUBLISH_CR_JOB = 'publish-cr';
export const PUBLISH_CRL_JOB = 'publish-crl';
export const PUBLISH_CRLS_JOB = 'publish-crls';
export const PUBLISH_CRLS_CRON = '*/10 * * * *';
export const PUBLISH_EXPIRED_JOB = 'publish-expired';
export const PUBLISH_EXPIRED_CRON = '30 3 * * *';
/** How far back the daily removal looks: runs missed for this long still leave no expired chain behind. */
const EXPIRED_LOOKBACK_DAYS = 7;
const RETRIES = { retryLimit: 8, retryDelaySeconds: 5, retryBackoff: true } as const;

type PublishingConfig = Pick<Config, 'publishDir' | 'publishS3'>;

/**
 * Queues the CR object of a certificate just issued, in the issuing transaction: it exists if and only if the
 * certificate does. Nothing when no origin is configured.
 */
export async function queuePublishCr(
  deps: { config: PublishingConfig; jobs: Pick<JobQueue, 'send'> },
  tx: Queryable,
  serial: string,
): Promise<void> {
  if (!isPublishing(deps.config)) return;
  await deps.jobs.send(PUBLISH_CR_JOB, { serial }, { tx, ...RETRIES });
}

/** Queues an issuer's CRL just signed (after its commit). Nothing when no origin is configured. */
export async function queuePublishCrl(
  deps: { config: PublishingConfig; jobs: Pick<JobQueue, 'send'> },
  issuerId: string,
): Promise<void> {
  if (!isPublishing(deps.config)) return;
  await deps.jobs.send(PUBLISH_CRL_JOB, { issuer: issuerId }, RETRIES);
}

export interface PublishingDeps {
  db: Queryable;
  now: () => Date;
  origin: Origin;
}

/** Writes the CR answer of `serial`; removes its object when the portal answers none (it has expired). */
export async function publishCr(deps: PublishingDeps, serial: string): Promise<boolean> {
  const object = await crObject(deps.db, serial, deps.now());
  if (!object) {
    await deps.origin.remove?.(crKey(serial));
    return false;
  }
  return deps.origin.put(object.key, object.bytes, object.meta);
}

/**
 * Writes the newest CRL of `issuerId`. Two jobs of one issuer may run at once and the slower one write an older
 * CRL last: after each write the newest is read again, and written too when it changed meanwhile.
 */
export async function publishCrl(deps: PublishingDeps, issuerId: string): Promise<boolean> {
  let written = false;
  let object = await crlObject(deps.db, issuerId);
  while (object) {
    written = (await deps.origin.put(object.key, object.bytes, object.meta)) || written;
    const newest = await crlObject(deps.db, issuerId);
    if (!newest || newest.crlNumber === object.crlNumber) break;
    object = newest;
  }
  return written;
}

/** Every issuer that has a CRL: the CA's own issuers, current and earlier. */
export async function crlIssuers(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `SELECT id FROM ca_issuers i WHERE EXISTS (SELECT 1 FROM crls c WHERE c.issuer_id = i.id) ORDER BY id`,
  );
  return rows.map((r) => r.id);
}

/** Removes the objects of the certificates that expired within the last EXPIRED_LOOKBACK_DAYS. */
export async function removeExpired(deps: PublishingDeps): Promise<number> {
  if (!deps.origin.remove) return 0;
  const rows = await deps.db.query<{ serial_number: string }>(
    `SELECT serial_number FROM certificates
      WHERE status IN ('issued', 'revoked') AND not_after <= $1 AND not_after > $1::timestamptz - $2::integer * interval '1 day'`,
    [deps.now(), EXPIRED_LOOKBACK_DAYS],
  );
  for (const row of rows) await deps.origin.remove(crKey(row.serial_number));
  return rows.length;
}

/** The publishing jobs, when an origin is configured (none otherwise). */
export function publishingJobs(s: {
  config: PublishingConfig;
  db: Queryable;
  now: () => Date;
}): JobDefinition[] {
  const origin = configuredOrigin(s.config);
  if (!origin) return [];
  const deps: PublishingDeps = { db: s.db, now: s.now, origin };
  return [
    {
      name: PUBLISH_CR_JOB,
      handler: async (data: { serial: string }) => void (await publishCr(deps, data.serial)),
    },
    {
      name: PUBLISH_CRL_JOB,
      handler: async (data: { issuer: string }) => void (await publishCrl(deps, data.issuer)),
    },
    {
      name: PUBLISH_CRLS_JOB,
      cron: PUBLISH_CRLS_CRON,
      handler: async () => {
        for (const issuer of await crlIssuers(s.db)) await publishCrl(deps, issuer);
      },
    },
    {
      name: PUBLISH_EXPIRED_JOB,
      cron: PUBLISH_EXPIRED_CRON,
      handler: async () => void (await removeExpired(deps)),
    },
  ];
}
