// The job queue of the app, and the one place its background work is declared: each module exports its job
// definitions, this list registers them all (createServices calls it once).
import type { AppServices } from '../services';
import { billingJobs } from '../billing/jobs';
import { autoRenewalJobs } from '../certificates/autoRenewal';
import { recoveryJobs } from '../certificates/recovery';
import { certificateJobs } from '../certificates/revocation';
import { repositoryJobs } from '../repository/jobs';
import { numberJobs } from '../numbers/jobs';
import { publishingJobs } from '../publishing/jobs';
import { housekeepingJobs } from './housekeeping';
import type { JobDefinition } from './queue';

export {
  registerJobs,
  type JobDefinition,
  type JobHandler,
  type JobInfo,
  type JobQueue,
  type SendOptions,
} from './queue';
export { createJobQueue, type JobQueueOptions } from './pgBoss';

export function appJobs(s: AppServices): JobDefinition[] {
  return [
    ...billingJobs(s.billing),
    ...certificateJobs(s.certificates),
    ...recoveryJobs(s.certificates),
    ...autoRenewalJobs(s.certificates),
    ...repositoryJobs([s.crl, ...(s.simulator.crl ? [s.simulator.crl.publisher] : [])]),
    ...housekeepingJobs(s),
    ...numberJobs(s),
    ...publishingJobs(s),
  ];
}
