// What other modules may use of the jobs module beyond jobs.service.ts: the registry their handlers join.
export { JobRegistry, type JobContext, type JobHandler, type JobOutcome } from './job-registry';
