import { Injectable } from '@nestjs/common';

/** What a job handler receives. */
export interface JobContext<P = unknown> {
  schoolId: string;
  jobId: string;
  /** Who started the job (null for system jobs). */
  createdBy: string | null;
  payload: P;
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
  /** Reports progress (0–100) and keeps the job's lease alive. */
  progress(percent: number): Promise<void>;
  /** Aborted when the process shuts down: a handler should stop; the job is run again later. */
  signal: AbortSignal;
}

/** What a finished job leaves for the renderer, e.g. a download's URL. */
export interface JobOutcome {
  resultUrl?: string;
}

export type JobHandler<P = unknown> = (job: JobContext<P>) => Promise<JobOutcome | void>;

/**
 * Background job handlers by name. A module registers its handlers once, at start
 * (`onModuleInit() { registry.register('report-cards.section', (job) => …) }`), and enqueues work
 * with `JobsService.enqueue(tx, name, payload)`. Names are `<module>.<what>`.
 */
@Injectable()
export class JobRegistry {
  private readonly handlers = new Map<string, JobHandler<any>>();

  register<P>(name: string, handler: JobHandler<P>): void {
    if (this.handlers.has(name)) throw new Error(`A job handler named ${name} is already registered`);
    this.handlers.set(name, handler as JobHandler<any>);
  }

  get(name: string): JobHandler<any> | undefined {
    return this.handlers.get(name);
  }

  names(): string[] {
    return [...this.handlers.keys()];
  }
}
