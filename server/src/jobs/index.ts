// The job queue of the app: the interface and its pg-boss implementation.
export { registerJobs, type JobDefinition, type JobHandler, type JobInfo, type JobQueue, type SendOptions } from './queue';
export { createJobQueue, type JobQueueOptions } from './pgBoss';
