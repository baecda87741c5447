import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { sqlInSource, type SourceStatement } from '../support/sql-in-source';

/**
 * Issue 34 point 5: every SQL statement written in the back end's source is checked against the
 * migrated schema of this run's database (embedded and PostgreSQL server), whether or not a test
 * exercises it. Each is prepared, not run (`PREPARE … AS <statement>`): PostgreSQL parses it and
 * resolves every table, column and function without touching a row. A statement naming a table or
 * column that no migration made fails here, with its file and line.
 *
 * Errors that speak of the statement's own names are failures (undefined table, column or
 * function; an ambiguous column; a syntax error). A few statements cannot be prepared on their own
 * for reasons that are not about names (a parameter whose type only the caller fixes); they are
 * counted and listed, and the count may not grow unnoticed.
 */
const NAME_ERRORS = new Set([
  '42P01', // undefined_table
  '42703', // undefined_column
  '42702', // ambiguous_column
  '42601', // syntax_error
  '42883', // undefined_function (a misspelt function, or an operator between the wrong types)
  '42704', // undefined_object (a type or constraint name)
]);
/** Statements the check cannot decide (see above); raise only with a reason in the commit. */
const MAX_UNDECIDED = 5;
/** Statements built at run time from parts the extraction cannot follow (30 on 2026-11-28: optional filters, a lock clause chosen by the caller). */
const MAX_UNRESOLVED = 40;

async function prepareAll(client: Client, statements: SourceStatement[]): Promise<{ failed: string[]; undecided: string[] }> {
  const failed: string[] = [];
  const undecided: string[] = [];
  for (const s of statements) {
    try {
      await client.query(`PREPARE vd_check AS ${s.sql}`);
      await client.query('DEALLOCATE vd_check');
    } catch (err) {
      const e = err as { code?: string; message?: string };
      const where = `${s.file}:${s.line}: ${e.code} ${e.message}`;
      if (e.code && NAME_ERRORS.has(e.code)) failed.push(where);
      else undecided.push(where);
      // A failed PREPARE leaves nothing to deallocate, and the session is still usable (no transaction is open).
    }
  }
  return { failed, undecided };
}

describe('issue 34: the SQL in the source against the migrated schema', () => {
  let client: Client;

  beforeAll(async () => {
    client = new Client({ connectionString: process.env.TEST_DB_URL });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
  });

  it('every statement of src/ names only tables, columns and functions the migrations made', async () => {
    const { statements, unresolved } = sqlInSource(join(__dirname, '..', '..', 'src'));
    // The extraction finds the repositories' statements (457 on 2026-11-28), not a handful.
    expect(statements.length).toBeGreaterThan(400);
    // A statement assembled at run time from parts the check cannot follow is not checked: keep them few.
    // SQL_CHECK_REPORT=1 prints what was not checked and why.
    if (process.env.SQL_CHECK_REPORT) console.log(JSON.stringify({ statements: statements.length, unresolved: unresolved.map((u) => `${u.file}:${u.line}`) }, null, 1));
    expect(unresolved.length).toBeLessThanOrEqual(MAX_UNRESOLVED);
    const { failed, undecided } = await prepareAll(client, statements);
    if (process.env.SQL_CHECK_REPORT) console.log(JSON.stringify({ failed, undecided }, null, 1));
    expect(failed).toEqual([]);
    expect(undecided.length).toBeLessThanOrEqual(MAX_UNDECIDED);
  });

  it('the check fails on a statement naming a missing column or table, and passes the same statement fixed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vidyalaya-sql-check-'));
    try {
      writeFileSync(
        join(dir, 'broken.repository.ts'),
        [
          "const COLUMNS = `s.id, s.first_name, s.admission_no`;",
          'export const a = `SELECT ${COLUMNS} FROM students s WHERE s.school_id = $1`;',
          "export const b = 'SELECT id FROM no_such_table WHERE id = $1';",
          'export const c = `SELECT s.id, s.first_name FROM students s WHERE s.school_id = $1`;',
        ].join('\n'),
      );
      const { statements } = sqlInSource(dir);
      expect(statements.map((s) => s.sql)).toEqual([
        'SELECT s.id, s.first_name, s.admission_no FROM students s WHERE s.school_id = $1',
        'SELECT id FROM no_such_table WHERE id = $1',
        'SELECT s.id, s.first_name FROM students s WHERE s.school_id = $1',
      ]);
      const { failed } = await prepareAll(client, statements);
      expect(failed).toEqual([expect.stringMatching(/^broken\.repository\.ts:2: 42703 column s\.admission_no does not exist/), expect.stringMatching(/^broken\.repository\.ts:3: 42P01 relation "no_such_table" does not exist/)]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
