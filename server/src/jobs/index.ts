// The job queue of the app: the interface and its pg-boss implementation.
export type { JobHandler, JobInfo, JobQueue, SendOptions } from './queue';
export { createJobQueue, type JobQueueOptions } from './pgBoss';
