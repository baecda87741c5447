import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { runInSchool } from '../../src/common/request-context';
import { openedWith, openingStatement } from '../../src/database/school-bound';
import { withSchool } from '../../src/database/with-school';
import { createSchoolWithMembers, startTestApp, type SchoolWithMembers, type TestApp } from '../support/app';

/**
 * A write's first lock sent with its transaction's start (database/school-bound.ts `openingStatement`;
 * the counter's payment and the attendance save use it, one exchange fewer each): held before the
 * write's first statement, serialising two writes that open with the same lock, sent again as the
 * first statement where the start was not the runner's own (a nested transaction), and built from
 * uuids only.
 */
describe("a transaction's opening statement", () => {
  let t: TestApp;
  let a: SchoolWithMembers;
  const lockOf = (key: string) => openingStatement(`SELECT pg_advisory_xact_lock(hashtext('opening-probe:' || $1::text))`, key);
  const heldLocks = async (m: EntityManager) =>
    Number((await m.query(`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND granted AND pid = pg_backend_pid()`))[0].n);

  beforeAll(async () => {
    t = await startTestApp();
    a = await createSchoolWithMembers(t);
  });
  afterAll(() => t.close());

  it('goes out with the start of a school-bound transaction and is held when the write begins', async () => {
    const first = lockOf(randomUUID());
    await runInSchool(a.schoolId, () =>
      withSchool(
        t.db,
        a.schoolId,
        async (m) => {
          expect(openedWith(m, first)).toBe(true);
          expect(await heldLocks(m)).toBeGreaterThanOrEqual(1);
          // Still in the school's row-level-security context.
          expect((await m.query(`SELECT current_setting('app.school_id') AS s`))[0].s).toBe(a.schoolId);
        },
        first,
      ),
    );
  });

  it('two writes opening with the same lock run one after the other: the second begins after the first commits', async () => {
    const key = randomUUID();
    const ended: number[] = [];
    const began: number[] = [];
    const write = (k: number, hold: number) =>
      runInSchool(a.schoolId, () =>
        withSchool(
          t.db,
          a.schoolId,
          async (m) => {
            began[k] = Number((await m.query(`SELECT extract(epoch FROM clock_timestamp()) * 1000 AS at`))[0].at);
            await m.query(`SELECT pg_sleep(${hold})`);
            ended[k] = Date.now();
          },
          lockOf(key),
        ),
      );
    const one = write(0, 0.4);
    await new Promise((r) => setTimeout(r, 100));
    await Promise.all([one, write(1, 0)]);
    // The second's first statement ran after the first had finished its work (and so had committed).
    expect(began[1]).toBeGreaterThanOrEqual(ended[0]! - 5);
  });

  it('inside a transaction already begun, it is sent as the first statement of the nested one', async () => {
    const first = lockOf(randomUUID());
    await runInSchool(a.schoolId, () =>
      withSchool(t.db, a.schoolId, (outer) =>
        withSchool(
          outer,
          a.schoolId,
          async (m) => {
            expect(openedWith(m, first)).toBe(false);
            expect(await heldLocks(m)).toBeGreaterThanOrEqual(1);
          },
          first,
        ),
      ),
    );
  });

  it('takes lower-case uuids only, never other text', () => {
    expect(() => openingStatement(`SELECT $1`, "x'; DROP TABLE students; --")).toThrow('lower-case uuids');
    expect(() => openingStatement(`SELECT $1`, randomUUID().toUpperCase())).toThrow('lower-case uuids');
    const id = randomUUID();
    expect(openingStatement(`SELECT $1::uuid, $2::uuid`, id, a.schoolId).sql).toBe(`SELECT '${id}'::uuid, '${a.schoolId}'::uuid`);
  });
});
