import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * docs/performance.md: each benchmark rewrites only its own block (bench/report.mjs). The blocks in
 * the document never nest or interleave, and replacing one leaves every other block as it was.
 * bench/report.mjs is an ES module run by Node, so the checks run in a child Node process.
 */
const root = join(__dirname, '..', '..');

function run(code: string): { ok: boolean; out: string } {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', `import * as r from './bench/report.mjs';\nimport { readFileSync } from 'node:fs';\n${code}`], {
    cwd: root,
    encoding: 'utf8',
  });
  return { ok: r.status === 0, out: `${r.stdout}${r.stderr}` };
}

describe('docs/performance.md bench blocks', () => {
  it('the document: every block closed by its own end marker, none nested', () => {
    const r = run(`console.log(JSON.stringify(r.checkMarkers(readFileSync('docs/performance.md', 'utf8'))));`);
    expect(r.out).not.toMatch(/Error/);
    expect(r.ok).toBe(true);
    expect(JSON.parse(r.out)).toEqual(expect.arrayContaining(['api', 'lighthouse', 'timetable', 'attendance', 'students', 'report-cards']));
  });

  it('replacing a block touches only that block; a new one goes at the end', () => {
    const r = run(`
      const doc = '# P\\n\\n## A\\n\\n<!-- bench:a:start -->\\nold a\\n<!-- bench:a:end -->\\n\\n## B\\n\\n<!-- bench:b:start -->\\nold b\\n<!-- bench:b:end -->\\n';
      let out = r.replaceBlock(doc, 'a', 'A', 'new a');
      out = r.replaceBlock(out, 'c', 'C', 'new c');
      console.log(JSON.stringify(out));`);
    expect(r.ok).toBe(true);
    expect(JSON.parse(r.out)).toBe(
      '# P\n\n## A\n\n<!-- bench:a:start -->\nnew a\n<!-- bench:a:end -->\n\n## B\n\n<!-- bench:b:start -->\nold b\n<!-- bench:b:end -->\n\n## C\n\n<!-- bench:c:start -->\nnew c\n<!-- bench:c:end -->\n',
    );
  });

  it('interleaved or unclosed blocks, and content holding a marker, are refused', () => {
    const interleaved = run(`r.checkMarkers('<!-- bench:a:start -->\\n<!-- bench:b:start -->\\n<!-- bench:a:end -->\\n<!-- bench:b:end -->');`);
    expect(interleaved.ok).toBe(false);
    expect(interleaved.out).toMatch(/bench:b:start inside the open block bench:a/);
    const unclosed = run(`r.replaceBlock('<!-- bench:a:start -->\\nx\\n', 'a', 'A', 'y');`);
    expect(unclosed.ok).toBe(false);
    expect(unclosed.out).toMatch(/bench:a:start has no end/);
    const nested = run(`r.replaceBlock('', 'a', 'A', 'y <!-- bench:b:start -->');`);
    expect(nested.ok).toBe(false);
    expect(nested.out).toMatch(/content holds a bench marker/);
  });
});
