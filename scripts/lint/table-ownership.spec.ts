import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Owned tables (issue 34): docs/table-ownership.json is which tables each repository reads and
 * writes, parsed from their SQL by scripts/table-ownership.mjs. Regenerated here: a repository that
 * starts reading or writing another table fails `npm test` until the snapshot is rewritten
 * (`node scripts/table-ownership.mjs --write`) and the change is seen in review.
 */
const ROOT = join(__dirname, '../..');
const SCRIPT = join(ROOT, 'scripts/table-ownership.mjs');

function node(args: string[], input?: string): string {
  const r = spawnSync(process.execPath, args, { cwd: ROOT, input, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(r.stderr);
  return r.stdout;
}

describe('table ownership snapshot', () => {
  it('the committed snapshot is what the repositories’ SQL says (node scripts/table-ownership.mjs --write rewrites it)', () => {
    const now = JSON.parse(node([SCRIPT]));
    const committed = JSON.parse(readFileSync(join(ROOT, 'docs/table-ownership.json'), 'utf8'));
    expect(now).toEqual(committed);
    expect(Object.keys(now.repositories).length).toBeGreaterThan(20);
  });

  it('reads FROM and JOIN, writes INSERT INTO, UPDATE and DELETE FROM, of tables the migrations create only', () => {
    const sql = [
      'const a = `SELECT s.id FROM sections s JOIN classes c ON c.id = s.class_id WHERE s.school_id = $1`;',
      'const b = `INSERT INTO students (id) VALUES ($1) ON CONFLICT (id) DO UPDATE SET id = EXCLUDED.id`;',
      'const c = `UPDATE fee_receipts r SET status = $2 FROM fee_instalments i WHERE EXTRACT(DOW FROM now()) = 1`;',
      "const d = 'DELETE FROM notices WHERE id = $1';",
      '// SELECT * FROM users (a comment, not a query)',
    ].join('\n');
    const script = `import { knownTables, tablesOf } from ${JSON.stringify(SCRIPT)};
      process.stdout.write(JSON.stringify(tablesOf(await new Response(process.stdin).text(), knownTables())));`;
    expect(JSON.parse(node(['--input-type=module', '-e', script], sql))).toEqual({
      reads: ['classes', 'fee_instalments', 'sections'],
      writes: ['fee_receipts', 'notices', 'students'],
    });
  });
});
