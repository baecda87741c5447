import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';

/**
 * `npm run new:module NAME` (scripts/new-module.mjs): its dry run's skeleton and registrations type
 * check against the real tree (the generated files laid over a scratch copy of it, nothing written to the tree) and
 * pass the structure rules. The generated module's own integration test was run once for real
 * (docs/adding-a-module.md "The generator").
 */
const ROOT = resolve(__dirname, '../..');
const TSC7 = join(ROOT, 'node_modules', 'typescript-native', 'bin', 'tsc');

interface Output {
  files: Record<string, string>;
  edits: Record<string, string>;
}

function dryRun(name: string): Output {
  const r = spawnSync(process.execPath, [join(ROOT, 'scripts/new-module.mjs'), name, '--title', 'Book bank', '--title-hi', 'पुस्तक बैंक', '--timestamp', '1799999999000', '--dry-run'], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`new-module.mjs failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as Output;
}

/**
 * Type errors of `roots` under tsconfig `config`, with `overlay` (absolute path → text) laid over the
 * tree. Checked by TypeScript 7, the native compiler `npm test`'s type step uses (docs/adr/0012), in
 * a scratch copy of the sources (node_modules linked, the overlay written in), with a tsconfig that
 * extends `config` and names only `roots`, so what they import is checked as the real tree would be.
 */
function typeErrors(config: string, roots: string[], overlay: Map<string, string>): string[] {
  const scratch = mkdtempSync(join(tmpdir(), 'vidyalaya-new-module-'));
  try {
    for (const path of ['tsconfig.base.json', 'shared/src', 'shared/tsconfig.json', 'backend/src', 'backend/tsconfig.test.json', 'web/src', 'web/tsconfig.json', 'web/vite-plugins', 'web/vite-lingui-catalogues.ts']) {
      cpSync(join(ROOT, path), join(scratch, path), { recursive: true });
    }
    for (const modules of ['node_modules', 'backend/node_modules', 'web/node_modules']) {
      if (existsSync(join(ROOT, modules))) symlinkSync(join(ROOT, modules), join(scratch, modules), 'dir');
    }
    const inScratch = (abs: string) => join(scratch, relative(ROOT, abs));
    for (const [abs, text] of overlay) {
      mkdirSync(dirname(inScratch(abs)), { recursive: true });
      writeFileSync(inScratch(abs), text);
    }
    const dir = dirname(join(scratch, config));
    const check = join(dir, 'tsconfig.new-module.json');
    writeFileSync(
      check,
      JSON.stringify({
        extends: `./${basename(config)}`,
        compilerOptions: { noEmit: true, composite: false, declaration: false, emitDeclarationOnly: false, incremental: false, tsBuildInfoFile: null },
        include: [],
        files: roots.map((r) => relative(dir, inScratch(r))),
      }),
    );
    const r = spawnSync(process.execPath, [TSC7, '-p', check, '--pretty', 'false'], { cwd: scratch, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
    const wanted = new Set(roots.map((root) => relative(ROOT, root)));
    // "path(line,col): error TS…: message", continued on indented lines.
    const errors: string[] = [];
    for (const line of r.stdout.split('\n')) {
      const at = /^(.+?)\(\d+,\d+\): error TS\d+: /.exec(line);
      if (at) errors.push(line);
      else if (/^\s/.test(line) && errors.length > 0) errors[errors.length - 1] += `\n${line}`;
    }
    if (r.status !== 0 && errors.length === 0) throw new Error(`tsc failed: ${r.stdout}${r.stderr}`);
    return errors.filter((e) => wanted.has(/^(.+?)\(/.exec(e)![1]!));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

describe('npm run new:module', () => {
  let out: Output;
  beforeAll(() => {
    out = dryRun('book-bank');
  });

  it('writes the skeleton and lists it once in each list', () => {
    expect(Object.keys(out.files).sort()).toEqual(
      [
        'backend/src/database/migrations/1799999999000-book-bank.ts',
        'backend/src/modules/book-bank/book-bank.controller.ts',
        'backend/src/modules/book-bank/book-bank.manifest.ts',
        'backend/src/modules/book-bank/book-bank.module.ts',
        'backend/src/modules/book-bank/book-bank.repository.ts',
        'backend/src/modules/book-bank/book-bank.responses.ts',
        'backend/src/modules/book-bank/book-bank.service.ts',
        'backend/test/book-bank/book-bank.int-spec.ts',
        'shared/src/modules/book-bank.ts',
        'shared/src/book-bank/index.ts',
        'shared/src/book-bank/schemas.ts',
        'web/src/features/book-bank/api/book-bank-api.ts',
        'web/src/features/book-bank/feature.ts',
        'web/src/features/book-bank/i18n/en.json',
        'web/src/features/book-bank/i18n/hi.json',
        'web/src/features/book-bank/i18n/index.ts',
        'web/src/features/book-bank/pages/book-bank-page.tsx',
        'web/src/features/book-bank/routes.tsx',
      ].sort(),
    );
    expect(out.edits['backend/src/app.manifest.ts']).toContain('  bookBankManifest,\n] as const;');
    expect(out.edits['web/src/app/features.ts']).toContain('  bookBankFeature,\n];');
    expect(out.edits['shared/src/modules/index.ts']).toContain('  BOOK_BANK_CONTRACT,\n] as const satisfies');
    expect(out.edits['shared/src/index.ts']).toMatch(/^export \* from '\.\/book-bank\/index';$/m);
    expect(JSON.parse(out.edits['shared/package.json']!).exports['./book-bank']).toEqual({ types: './dist/book-bank/index.d.ts', default: './dist/book-bank/index.js' });
    expect(JSON.parse(out.edits['backend/test/workspace/route-permissions.snapshot.json']!)).toMatchObject({ 'GET /api/v1/schools/:schoolId/book-bank': 'bookBank.manage' });
    expect(JSON.parse(out.edits['web/src/features/workspace/i18n/hi.json']!)['nav.bookBank']).toBe('पुस्तक बैंक');
  });

  it('type checks against the tree: the back end with its test, and the web feature', () => {
    const overlay = new Map(Object.entries({ ...out.files, ...out.edits }).map(([p, text]) => [join(ROOT, p), text]));
    // The module's own files (the lists' one-line edits are checked as text above; the test file
    // would pull in the whole app, and was run for real).
    const backend = Object.keys(out.files).filter((p) => /^(backend\/src|shared)\/.*\.ts$/.test(p));
    expect(typeErrors('backend/tsconfig.test.json', backend.map((p) => join(ROOT, p)), overlay)).toEqual([]);
    const web = Object.keys(out.files).filter((p) => /^web\/.*\.tsx?$/.test(p));
    expect(typeErrors('web/tsconfig.json', web.map((p) => join(ROOT, p)), overlay)).toEqual([]);
  }, 240_000);

  it('passes the structure rules', () => {
    // ESLint's flat config is an ES module: it runs in its own process (as report.mjs does).
    const sources = Object.entries({ ...out.files, ...out.edits }).filter(([path]) => /\.tsx?$/.test(path));
    const script = `import { ESLint } from 'eslint';
      const eslint = new ESLint({ cwd: process.cwd() });
      const files = JSON.parse(await new Response(process.stdin).text());
      const problems = [];
      for (const [path, text] of files) for (const r of await eslint.lintText(text, { filePath: path })) for (const m of r.messages) problems.push(path + ':' + m.line + ' ' + m.ruleId + ' ' + m.message);
      process.stdout.write(JSON.stringify(problems));`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: ROOT,
      input: JSON.stringify(sources.map(([path, text]) => [join(ROOT, path), text])),
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    });
    if (r.status !== 0) throw new Error(r.stderr);
    expect(JSON.parse(r.stdout)).toEqual([]);
  }, 120_000);
});
