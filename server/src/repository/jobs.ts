// The repository's background work: the daily CRL refresh (every CRL this server signs re-signed, the CA's and the
// embedded STI-PA's, so that none lapses while no certificate is revoked).
import type { CrlPublisher } from '../authority';
import type { JobDefinition } from '../jobs/queue';

export const CRL_REFRESH_JOB = 'crl.refresh';
export const CRL_REFRESH_CRON = '0 3 * * *';

export function repositoryJobs(publishers: Pick<CrlPublisher, 'refresh'>[]): JobDefinition[] {
  return [
    {
      name: CRL_REFRESH_JOB,
      cron: CRL_REFRESH_CRON,
      handler: async () => {
        for (const publisher of publishers) await publisher.refresh();
      },
    },
  ];
}
