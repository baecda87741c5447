import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import ts from 'typescript';

/**
 * `npm run new:module NAME` (scripts/new-module.mjs): its dry run's skeleton and registrations type
 * check against the real tree (the generated files laid over it in memory, nothing written) and
 * pass the structure rules. The generated module's own integration test was run once for real
 * (docs/adding-a-module.md "The generator").
 */
const ROOT = resolve(__dirname, '../..');

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

/** Type errors of `roots` under tsconfig `config`, with `overlay` (absolute path → text) laid over the disk. */
function typeErrors(config: string, roots: string[], overlay: Map<string, string>): string[] {
  const parsed = ts.getParsedCommandLineOfConfigFile(join(ROOT, config), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  if (!parsed) throw new Error(`cannot read ${config}`);
  const options = { ...parsed.options, noEmit: true, composite: false, declaration: false, emitDeclarationOnly: false, incremental: false, tsBuildInfoFile: undefined };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (f) => overlay.get(resolve(f)) ?? readFile(f);
  host.fileExists = (f) => overlay.has(resolve(f)) || fileExists(f);
  const directoryExists = host.directoryExists?.bind(host) ?? ts.sys.directoryExists;
  host.directoryExists = (d) => [...overlay.keys()].some((f) => f.startsWith(resolve(d) + '/')) || directoryExists(d);
  host.getSourceFile = (f, lang, onError, create) => {
    const text = overlay.get(resolve(f));
    return text !== undefined ? ts.createSourceFile(f, text, lang, true) : getSourceFile(f, lang, onError, create);
  };
  const program = ts.createProgram({ rootNames: roots, options, host });
  const wanted = new Set(roots.map((r) => resolve(r)));
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => !d.file || wanted.has(resolve(d.file.fileName)))
    .map((d) => `${d.file ? d.file.fileName.replace(ROOT + '/', '') : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
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
        'shared/src/workspace/book-bank.ts',
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
