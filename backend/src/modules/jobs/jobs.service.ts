import { Injectable } from '@nestjs/common';
import type { JobStatus } from '@vidyalaya/shared/jobs';
import { Clock } from '../../common/clock';
import { DomainException } from '../../common/domain.exception';
import type { SchoolTx } from '../../common/workspace/school-writes';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import { JobsRepository } from './jobs.repository';

/** Starting background jobs and reporting on them (the worker is JobRunner). */
@Injectable()
export class JobsService {
  constructor(
    private readonly repo: JobsRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * Queues a job inside the caller's workspace write (so it exists only if that write commits) and
   * audits it. Answers the job's id for `GET /schools/{id}/jobs/{jobId}`.
   */
  async enqueue(tx: SchoolTx, name: string, payload: unknown, opts: { maxAttempts?: number; runAfter?: Date } = {}): Promise<string> {
    const row = await this.repo.in(tx.m).insert(tx.actor.schoolId, {
      name,
      payload,
      createdBy: tx.actor.userId,
      maxAttempts: opts.maxAttempts ?? 3,
      now: tx.now,
      runAfter: opts.runAfter,
    });
    await tx.audit({ action: 'job.queued', entity: 'job', entityId: row.id, after: { name } });
    return row.id;
  }

  async status(ctx: WorkspaceContext, jobId: string): Promise<JobStatus> {
    const row = await this.repo.find(ctx.schoolId, jobId);
    if (!row) throw new DomainException('NOT_FOUND');
    return {
      state: row.state,
      progress: row.progress,
      ...(row.result_url ? { resultUrl: row.result_url } : {}),
      ...(row.error && row.state === 'failed' ? { error: row.error } : {}),
    };
  }

  /** Now, as the application sees it (for callers that schedule). */
  now(): Date {
    return this.clock.now();
  }
}
