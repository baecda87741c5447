import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { Clock } from '../../common/clock';
import { DomainException } from '../../common/domain.exception';
import { LOGGER } from '../../common/envelope.filter';
import { runInSchool } from '../../common/request-context';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { JobRegistry } from './job-registry';
import { JobsRepository, type JobRow } from './jobs.repository';

/** How long a claimed job is this worker's before another may take it over (renewed by progress). */
export const JOB_LEASE_MS = 5 * 60_000;
const SHUTDOWN_GRACE_MS = 5_000;

/**
 * The job worker: one loop per process (unless JOBS_WORKER=off) that claims one job at a time from
 * the `jobs` table, runs its registered handler and records the outcome. Jobs live only in
 * PostgreSQL, so a restart loses nothing: a queued job waits; a job whose worker died is taken over
 * once its lease expires. A failed run is retried with backoff up to the job's max attempts.
 */
@Injectable()
export class JobRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private current: Promise<void> | null = null;
  private readonly abort = new AbortController();

  constructor(
    private readonly repo: JobsRepository,
    private readonly registry: JobRegistry,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.jobsWorker) this.schedule(0);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.abort.abort();
    if (this.current) await Promise.race([this.current, new Promise((r) => setTimeout(r, SHUTDOWN_GRACE_MS).unref())]);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.current = this.tick()
        .then((worked) => this.schedule(worked ? 0 : this.config.jobsPollMs))
        .catch((err: Error) => {
          this.logger.warn({ err: describe(err) }, 'job worker: polling failed');
          this.schedule(this.config.jobsPollMs);
        });
    }, ms);
    this.timer.unref();
  }

  /** Claims and runs at most one job; true when it found one. */
  async tick(): Promise<boolean> {
    const names = this.registry.names();
    if (names.length === 0 || this.stopped) return false;
    const job = await this.repo.claim(names, this.clock.now(), JOB_LEASE_MS);
    if (!job) return false;
    // The job acts for its school: everything it reads and writes runs in that school's
    // row-level-security context, as a workspace request does (issue 33). Claiming is the one
    // cross-school query, above.
    await runInSchool(job.school_id, () => this.run(job));
    return true;
  }

  private async run(job: JobRow): Promise<void> {
    const handler = this.registry.get(job.name)!;
    const attempt = job.attempts;
    try {
      // Nothing runs, and so no e-mail goes out, in the name of a school awaiting approval (a
      // school renamed after approval is pending again; its queued jobs fail, issue 33 row 3).
      if (!(await this.repo.schoolApproved(job.school_id))) throw new DomainException('SCHOOL_NOT_APPROVED');
      const outcome = await handler({
        schoolId: job.school_id,
        jobId: job.id,
        createdBy: job.created_by,
        payload: job.payload,
        attempt,
        signal: this.abort.signal,
        progress: (percent) =>
          this.repo.progress(job.school_id, job.id, attempt, Math.max(0, Math.min(100, Math.round(percent))), new Date(this.clock.now().getTime() + JOB_LEASE_MS)),
      });
      await this.repo.complete(job.school_id, job.id, attempt, outcome?.resultUrl ?? null, this.clock.now());
    } catch (err) {
      if (this.abort.signal.aborted) {
        await this.repo.release(job.school_id, job.id, attempt).catch(() => undefined);
        return;
      }
      // Only a domain error's message is meant for people; anything else stays in the server log.
      const message = err instanceof DomainException ? err.message : 'The job could not be completed.';
      this.logger.error({ job: job.id, name: job.name, attempt, err: describe(err) }, 'job failed');
      const retryAt = attempt < job.max_attempts ? new Date(this.clock.now().getTime() + 2 ** attempt * 1000) : null;
      await this.repo.fail(job.school_id, job.id, attempt, message, retryAt, this.clock.now());
    }
  }
}

/** An error for the log: its kind and code, never its message (which may carry SQL or data). */
function describe(err: unknown): string {
  const e = err as { name?: string; code?: string; driverError?: { code?: string } };
  const code = e?.driverError?.code ?? e?.code;
  return `${e?.name ?? 'Error'}${code ? ` (${code})` : ''}`;
}
