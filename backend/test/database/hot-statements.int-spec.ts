import type { QueryRunner } from 'typeorm';
import { runInSchool } from '../../src/common/request-context';
import { createSchoolWithMembers, startTestApp, uniq, type SchoolWithMembers, type TestApp } from '../support/app';

/**
 * Statements that run again are prepared by name, once per connection (database/hot-statements.ts;
 * issue 32 item 5: parsing and planning were most of a payment's time on the embedded database).
 * Checked on one pinned connection, outside a school and bound to one (school-bound.ts sends the
 * school's settings in front of the statement in the same exchange), including the failures that
 * must not leave a connection thinking a statement is prepared when it is not, or the other way round.
 */
describe('statements that run again are prepared by name once per connection', () => {
  let t: TestApp;
  let a: SchoolWithMembers;

  beforeAll(async () => {
    t = await startTestApp();
    a = await createSchoolWithMembers(t);
  });
  afterAll(() => t.close());

  /** `fn` on one connection of the pool, bound to `schoolId` when given. */
  const onOneConnection = <T>(schoolId: string | null, fn: (qr: QueryRunner) => Promise<T>): Promise<T> => {
    const run = async () => {
      const qr = t.db.createQueryRunner();
      await qr.connect();
      try {
        return await fn(qr);
      } finally {
        await qr.release();
      }
    };
    return schoolId ? runInSchool(schoolId, run) : run();
  };
  /** The names the connection's session holds for `text` (the embedded database's one session holds every connection's). */
  const namesOf = async (qr: QueryRunner, text: string) =>
    ((await qr.query(`SELECT name FROM pg_prepared_statements WHERE statement = $1 ORDER BY name`, [text])) as { name: string }[]).map((r) => r.name);
  const codeOf = async (p: Promise<unknown>) => {
    try {
      await p;
      return 'no error';
    } catch (e) {
      return (e as { driverError?: { code?: string }; code?: string }).driverError?.code ?? (e as { code?: string }).code;
    }
  };

  for (const bound of [false, true]) {
    const where = bound ? 'bound to a school' : 'outside a school';

    it(`${where}: a text with parameters is named from its second run, answers right every time; one without parameters never is`, async () => {
      const text = `SELECT count(*)::int + $1::int AS n FROM school_members /* ${uniq()} */`;
      const plain = `SELECT 41 + 1 AS n /* ${uniq()} */`;
      const { answers, names, plainNames } = await onOneConnection(bound ? a.schoolId : null, async (qr) => {
        const out: number[] = [];
        for (const k of [0, 1, 2]) out.push((await qr.query(text, [k]))[0].n);
        for (let k = 0; k < 3; k += 1) out.push((await qr.query(plain))[0].n);
        return { answers: out, names: await namesOf(qr, text), plainNames: await namesOf(qr, plain) };
      });
      const members = bound
        ? ((await t.db.query(`SELECT count(*)::int AS n FROM school_members WHERE school_id = $1`, [a.schoolId])) as { n: number }[])[0].n
        : ((await t.db.query(`SELECT count(*)::int AS n FROM school_members WHERE $1::int = 1`, [1])) as { n: number }[])[0].n;
      // Bound, row-level security still applies to the named statement: this school's members only.
      expect(answers).toEqual([members, members + 1, members + 2, 42, 42, 42]);
      expect(names).toEqual([expect.stringMatching(/^v\d+-[0-9a-f]{12}-\d+$/)]);
      expect(plainNames).toEqual([]);
    });

    it(`${where}: a text whose Parse fails gives the same error on every run, and is never named`, async () => {
      const text = `SELECT no_such_column FROM school_members WHERE school_id = $1 /* ${uniq()} */`;
      const codes = await onOneConnection(bound ? a.schoolId : null, async (qr) => {
        const out: (string | undefined)[] = [];
        for (let k = 0; k < 3; k += 1) out.push(await codeOf(qr.query(text, [a.schoolId])));
        // The connection is still good for the next statement.
        out.push(String((await qr.query(`SELECT $1::int AS n`, [7]))[0].n));
        out.push(String((await namesOf(qr, text)).length));
        return out;
      });
      expect(codes).toEqual(['42703', '42703', '42703', '7', '0']);
    });

    it(`${where}: a named statement that fails when run (division by zero, in and out of a transaction) runs again afterwards`, async () => {
      const text = `SELECT 10 / $1::int AS n /* ${uniq()} */`;
      const results = await onOneConnection(bound ? a.schoolId : null, async (qr) => {
        const out: (string | number | undefined)[] = [];
        for (const d of [5, 0, 2, 0, 1]) out.push(d === 0 ? await codeOf(qr.query(text, [d])) : (await qr.query(text, [d]))[0].n);
        await qr.startTransaction();
        out.push(await codeOf(qr.query(text, [0])));
        await qr.rollbackTransaction();
        await qr.startTransaction();
        out.push((await qr.query(text, [10]))[0].n);
        await qr.commitTransaction();
        out.push((await namesOf(qr, text)).length);
        return out;
      });
      expect(results).toEqual([2, '22012', 5, '22012', 10, '22012', 1, 1]);
    });
  }

  for (const bound of [false, true]) {
    it(`${bound ? 'bound to a school' : 'outside a school'}: a connection keeps at most 100 names: past them the least recently used is deallocated, and runs again when asked`, async () => {
      const mark = uniq();
      const texts = Array.from({ length: 130 }, (_, i) => `SELECT $1::int + ${i} AS n /* ${mark} */`);
      const { answers, named, first, again, firstAfter } = await onOneConnection(bound ? a.schoolId : null, async (qr) => {
        const out: number[] = [];
        for (const text of texts) {
          await qr.query(text, [1]);
          out.push((await qr.query(text, [2]))[0].n);
        }
        const count = async () =>
          ((await qr.query(`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE $1`, [`%/* ${mark} */`])) as { n: number }[])[0].n;
        const n = await count();
        const before = (await namesOf(qr, texts[0])).length;
        // The first text, deallocated long ago, runs again (and is prepared again).
        const rerun = [(await qr.query(texts[0], [3]))[0].n, (await qr.query(texts[0], [4]))[0].n];
        return { answers: out, named: n, first: before, again: rerun, firstAfter: (await namesOf(qr, texts[0])).length };
      });
      expect(answers).toEqual(texts.map((_, i) => 2 + i));
      expect(named).toBe(100);
      expect([first, again, firstAfter]).toEqual([0, [3, 4], 1]);
    });
  }
});
