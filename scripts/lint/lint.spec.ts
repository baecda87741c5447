import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * The structure rules of eslint.config.mjs fire: each deliberately bad fixture is reported with the
 * rule it breaks, the fine fixtures are not, and the real tree is clean (so `npm test` fails on a
 * cross-feature import, a common → modules import, a module's internals or a cycle).
 */
interface Found {
  file: string;
  line: number;
  rule: string | null;
  message: string;
}

function report(which: 'tree' | 'fixtures'): { files: number; found: Found[] } {
  const r = spawnSync(process.execPath, [join(__dirname, 'report.mjs'), which], { encoding: 'utf8', maxBuffer: 32 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`report.mjs ${which} failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as { files: number; found: Found[] };
}

const F = 'scripts/lint/fixtures';

describe('lint: structure rules on deliberately bad fixtures', () => {
  let found: Found[];
  beforeAll(() => {
    found = report('fixtures').found;
  }, 120_000);
  const at = (file: string) => found.filter((f) => f.file === `${F}/${file}`).map((f) => [f.line, f.rule]);

  it('a feature importing another feature, or app/', () => {
    expect(at('web/src/features/alpha/alpha-page.tsx')).toEqual(
      expect.arrayContaining([
        [3, 'import-x/no-restricted-paths'],
        [4, 'import-x/no-restricted-paths'],
      ]),
    );
  });

  it('lib/ importing a feature', () => {
    expect(at('web/src/lib/uses-feature.ts')).toEqual([[2, 'import-x/no-restricted-paths']]);
  });

  it('the untyped useSelector', () => {
    expect(at('web/src/features/alpha/alpha-page.tsx')).toContainEqual([2, 'no-restricted-imports']);
  });

  it('common/ importing a module', () => {
    expect(at('backend/src/common/bad-guard.ts')).toEqual([[2, 'import-x/no-restricted-paths']]);
  });

  it("a module importing another module's internals, not its index or service", () => {
    expect(at('backend/src/modules/delta/delta.mapper.ts')).toContainEqual([2, 'import-x/no-restricted-paths']);
    expect(at('backend/src/modules/delta/delta.service.ts')).toEqual([]);
  });

  it('an import cycle, at both ends', () => {
    expect(at('backend/src/modules/delta/cycle-a.ts')).toEqual([[2, 'import-x/no-cycle']]);
    expect(at('backend/src/modules/delta/cycle-b.ts')).toEqual([[2, 'import-x/no-cycle']]);
  });

  it('unused imports and variables', () => {
    expect(at('backend/src/modules/delta/delta.mapper.ts')).toEqual(
      expect.arrayContaining([
        [3, '@typescript-eslint/no-unused-vars'],
        [6, '@typescript-eslint/no-unused-vars'],
      ]),
    );
  });

  it('a migration importing a live constant', () => {
    expect(at('backend/src/database/migrations/1700000000000-bad.ts')).toEqual([[2, 'no-restricted-imports']]);
  });

  it('an arrow running up: shared/ importing the back end, database/ importing a module', () => {
    expect(at('shared/src/bad-up.ts')).toEqual([[2, 'import-x/no-restricted-paths']]);
    expect(at('backend/src/database/bad-up.ts')).toEqual([[2, 'import-x/no-restricted-paths']]);
  });

  it('nothing else: the fine fixtures are not reported', () => {
    const bad = ['alpha/alpha-page.tsx', 'lib/uses-feature.ts', 'common/bad-guard.ts', 'delta/delta.mapper.ts', 'delta/cycle-a.ts', 'delta/cycle-b.ts', 'migrations/1700000000000-bad.ts', 'shared/src/bad-up.ts', 'database/bad-up.ts'];
    expect(found.filter((f) => !bad.some((b) => f.file.endsWith(b)))).toEqual([]);
    expect(found).toHaveLength(13);
  });
});

describe('lint: the real tree', () => {
  it('is clean', () => {
    const { files, found } = report('tree');
    expect(files).toBeGreaterThan(100);
    expect(found).toEqual([]);
  }, 120_000);
});
