// What other modules may use of the jobs module beside JobsService: the registry their handlers join.
export { JobRegistry, type JobContext, type JobHandler, type JobOutcome } from './job-registry';
/** What other modules may use of the jobs module: the handler registry (register at start) and the enqueueing service. */
export { JobsService } from './jobs.service';
// What other modules may use of the jobs module beyond jobs.service.ts: the registry their handlers join.
