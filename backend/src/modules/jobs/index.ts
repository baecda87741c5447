// What other modules may use of the jobs module: the handler registry (register at start) and the enqueueing service.
export { JobRegistry, type JobContext, type JobHandler, type JobOutcome } from './job-registry';
export { JobsService } from './jobs.service';
