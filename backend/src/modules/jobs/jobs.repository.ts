import { Injectable } from '@nestjs/common';
import type { JobState } from '@vidyalaya/shared/jobs';
import { DataSource } from 'typeorm';
import { Repository } from '../../database/repository';

export interface JobRow {
  school_id: string;
  id: string;
  name: string;
  payload: unknown;
  state: JobState;
  progress: number;
  result_url: string | null;
  error: string | null;
  attempts: number;
  max_attempts: number;
  created_by: string | null;
}

const COLUMNS = 'school_id, id, name, payload, state, progress, result_url, error, attempts, max_attempts, created_by';

/**
 * Every query on `jobs`, the queue (ADR 0006). School-scoped methods take the school id first, as the
 * queue is shared by every school and its worker is bound to none (ADR 0019);
 * `claim` is the worker's one cross-school query.
 */
@Injectable()
export class JobsRepository extends Repository {
  constructor(db: DataSource) {
    super(db);
  }

  /** A queued job, run from `runAfter` (default: now). */
  async insert(schoolId: string, job: { name: string; payload: unknown; createdBy: string | null; maxAttempts: number; now: Date; runAfter?: Date }): Promise<JobRow> {
    const [row] = await this.rows<JobRow>(
      `INSERT INTO jobs (school_id, name, payload, max_attempts, created_by, created_at, run_after)
       VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
      [schoolId, job.name, JSON.stringify(job.payload ?? {}), job.maxAttempts, job.createdBy, job.now, job.runAfter ?? job.now],
    );
    return row;
  }

  /** Whether provider staff have approved the school (a job of a school awaiting approval does not run). */
  async schoolApproved(schoolId: string): Promise<boolean> {
    const row = await this.one<{ approval_status: string }>(`SELECT approval_status FROM schools WHERE id = $1`, [schoolId]);
    return row?.approval_status === 'approved';
  }

  find(schoolId: string, id: string): Promise<JobRow | null> {
    return this.one<JobRow>(`SELECT ${COLUMNS} FROM jobs WHERE school_id = $1 AND id = $2`, [schoolId, id]);
  }

  /**
   * Takes the oldest runnable job this worker has a handler for: queued and due, or running with
   * an expired lease (its worker died). `FOR UPDATE SKIP LOCKED` lets any number of workers poll
   * at once without waiting on each other or taking the same job.
   */
  claim(names: string[], now: Date, leaseMs: number): Promise<JobRow | null> {
    return this.one<JobRow>(
      `UPDATE jobs j SET state = 'running', attempts = j.attempts + 1, locked_until = $3, started_at = coalesce(j.started_at, $2), error = NULL
         FROM (SELECT school_id, id FROM jobs
                WHERE name = ANY($1::text[])
                  AND ((state = 'queued' AND run_after <= $2) OR (state = 'running' AND locked_until < $2))
                ORDER BY run_after LIMIT 1 FOR UPDATE SKIP LOCKED) c
        WHERE j.school_id = c.school_id AND j.id = c.id
        RETURNING ${COLUMNS.split(', ').map((c) => `j.${c}`).join(', ')}`,
      [names, now, new Date(now.getTime() + leaseMs)],
    );
  }

  /** Progress and a longer lease, while the job is still this run's (attempt). */
  async progress(schoolId: string, id: string, attempt: number, percent: number, lockedUntil: Date): Promise<void> {
    await this.m.query(
      `UPDATE jobs SET progress = $4, locked_until = $5 WHERE school_id = $1 AND id = $2 AND attempts = $3 AND state = 'running'`,
      [schoolId, id, attempt, percent, lockedUntil],
    );
  }

  async complete(schoolId: string, id: string, attempt: number, resultUrl: string | null, now: Date): Promise<void> {
    await this.m.query(
      `UPDATE jobs SET state = 'completed', progress = 100, result_url = $4, locked_until = NULL, finished_at = $5
        WHERE school_id = $1 AND id = $2 AND attempts = $3 AND state = 'running'`,
      [schoolId, id, attempt, resultUrl, now],
    );
  }

  /** A failed run: queued again after `retryAt`, or failed for good when `retryAt` is null. */
  async fail(schoolId: string, id: string, attempt: number, error: string, retryAt: Date | null, now: Date): Promise<void> {
    await this.m.query(
      `UPDATE jobs SET state = CASE WHEN $5::timestamptz IS NULL THEN 'failed' ELSE 'queued' END,
                       run_after = coalesce($5, run_after), error = $4, locked_until = NULL,
                       finished_at = CASE WHEN $5::timestamptz IS NULL THEN $6::timestamptz END
        WHERE school_id = $1 AND id = $2 AND attempts = $3 AND state = 'running'`,
      [schoolId, id, attempt, error, retryAt, now],
    );
  }

  /** A run given back at shutdown: queued again at once, this attempt not counted. */
  async release(schoolId: string, id: string, attempt: number): Promise<void> {
    await this.m.query(
      `UPDATE jobs SET state = 'queued', attempts = attempts - 1, locked_until = NULL WHERE school_id = $1 AND id = $2 AND attempts = $3 AND state = 'running'`,
      [schoolId, id, attempt],
    );
  }
}
