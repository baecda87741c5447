import { SchoolWrites } from '../../src/common/workspace/school-writes';
import { JobRegistry, type JobContext } from '../../src/modules/jobs/job-registry';
import { JOB_LEASE_MS } from '../../src/modules/jobs/job-runner';
import { JobsService } from '../../src/modules/jobs/jobs.service';
import { createSchoolWithMembers, startTestApp, type SchoolWithMembers, type TestApp } from '../support/app';

/** Queues a job as the school's admin, through the audited write path a module would use. */
async function enqueue(t: TestApp, s: SchoolWithMembers, name: string, payload: unknown): Promise<string> {
  return t.app.get(SchoolWrites).run({ schoolId: s.schoolId, userId: s.members.admin.id }, (tx) => t.app.get(JobsService).enqueue(tx, name, payload));
}

async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('background jobs on PostgreSQL', () => {
  it('a job queued before a restart completes on the next server, and its status is polled over HTTP', async () => {
    const first = await startTestApp({ JOBS_WORKER: 'off' });
    const s = await createSchoolWithMembers(first);
    const jobId = await enqueue(first, s, 'test.double', { n: 21 });
    const queued = await first.call('GET', `/schools/${s.schoolId}/jobs/${jobId}`, { token: s.members.teacher.token });
    expect(queued.body.data).toEqual({ state: 'queued', progress: 0 });
    await first.close();

    const second = await startTestApp({ JOBS_POLL_MS: '50' });
    try {
      const seen: JobContext<{ n: number }>[] = [];
      second.app.get(JobRegistry).register<{ n: number }>('test.double', async (job) => {
        seen.push(job);
        await job.progress(50);
        return { resultUrl: `/files/${job.payload.n * 2}` };
      });
      const path = `/schools/${s.schoolId}/jobs/${jobId}`;
      const done = await until(() => second.call('GET', path, { token: s.members.admin.token }), (r) => r.body.data.state === 'completed');
      expect(done.body.data).toEqual({ state: 'completed', progress: 100, resultUrl: '/files/42' });
      expect(seen.map((j) => [j.schoolId, j.createdBy, j.attempt])).toEqual([[s.schoolId, s.members.admin.id, 1]]);
      // Guardians may not read jobs; another school's member gets 404.
      expect((await second.call('GET', path, { token: s.members.guardian.token })).status).toBe(403);
      expect((await second.call('GET', path, { token: s.outsider.token })).status).toBe(404);
      const other = await createSchoolWithMembers(second);
      const cross = await second.call('GET', `/schools/${other.schoolId}/jobs/${jobId}`, { token: other.members.admin.token });
      expect(cross.status).toBe(404);
      expect(cross.body.error.code).toBe('NOT_FOUND');
    } finally {
      await second.close();
    }
  });

  it('a job whose server died while running it is taken over when its lease expires', async () => {
    const first = await startTestApp({ JOBS_POLL_MS: '50' });
    const s = await createSchoolWithMembers(first);
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    // This handler never finishes on its own (a crash mid-job); the abort at shutdown is ignored, as a killed process would.
    first.app.get(JobRegistry).register('test.stuck', () => {
      started();
      return new Promise(() => undefined);
    });
    const jobId = await enqueue(first, s, 'test.stuck', {});
    await running;
    await first.close();
    const [row] = await first.db.query(`SELECT state FROM jobs WHERE id = $1`, [jobId]).catch(() => [{ state: 'unknown' }]);
    expect(['running', 'unknown']).toContain(row.state);

    const second = await startTestApp({ JOBS_POLL_MS: '50' });
    try {
      second.app.get(JobRegistry).register('test.stuck', async () => ({}));
      const path = `/schools/${s.schoolId}/jobs/${jobId}`;
      // Within the lease nobody takes it…
      await new Promise((r) => setTimeout(r, 300));
      expect((await second.call('GET', path, { token: s.members.admin.token })).body.data.state).toBe('running');
      // …after it, the next worker does.
      second.clock.advance(JOB_LEASE_MS + 1000);
      const done = await until(() => second.call('GET', path, { token: s.members.admin.token }), (r) => r.body.data.state === 'completed');
      expect(done.body.data.progress).toBe(100);
      const [{ attempts }] = await second.db.query(`SELECT attempts FROM jobs WHERE id = $1`, [jobId]);
      expect(attempts).toBe(2);
    } finally {
      await second.close();
    }
  });

  it('a failing job is retried, then fails for good with a message that reveals nothing', async () => {
    const t = await startTestApp({ JOBS_POLL_MS: '50' });
    try {
      const s = await createSchoolWithMembers(t);
      let runs = 0;
      t.app.get(JobRegistry).register('test.broken', async () => {
        runs += 1;
        throw new Error('SELECT secret FROM somewhere');
      });
      const jobId = await t.app.get(SchoolWrites).run({ schoolId: s.schoolId, userId: s.members.admin.id }, (tx) =>
        t.app.get(JobsService).enqueue(tx, 'test.broken', {}, { maxAttempts: 2 }),
      );
      const path = `/schools/${s.schoolId}/jobs/${jobId}`;
      await until(async () => runs, (n) => n === 1);
      t.clock.advance(5000); // past the first retry's backoff
      const failed = await until(() => t.call('GET', path, { token: s.members.admin.token }), (r) => r.body.data.state === 'failed');
      expect(failed.body.data).toEqual({ state: 'failed', progress: 0, error: 'The job could not be completed.' });
      expect(runs).toBe(2);
    } finally {
      await t.close();
    }
  });
});
