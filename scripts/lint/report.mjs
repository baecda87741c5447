#!/usr/bin/env node
// Runs ESLint through its Node API and prints what it found as JSON, for scripts/lint/lint.spec.ts
// (Jest runs the test as CommonJS; ESLint's flat config is an ES module, so it runs here, in its
// own process). `node scripts/lint/report.mjs tree` lints the repository with eslint.config.mjs;
// `… fixtures` lints scripts/lint/fixtures with the same rules, the zones computed for that folder.
import { ESLint } from 'eslint';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { boundaryZones, languageAndPlugins, selfContainedMigrations, structureRules, typedHooksOnly } from '../../eslint.config.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const fixtures = 'scripts/lint/fixtures';
const which = process.argv[2];

let eslint;
let patterns;
if (which === 'tree') {
  // Inside `npm test` (scripts/test.mjs), the lint step's results for this same run and tree.
  const cacheLocation = process.env.VIDYALAYA_ESLINT_CACHE;
  eslint = new ESLint(cacheLocation ? { cwd: root, cache: true, cacheStrategy: 'content', cacheLocation } : { cwd: root });
  patterns = ['.'];
} else if (which === 'fixtures') {
  eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    ignore: false,
    overrideConfig: [
      ...languageAndPlugins,
      { files: [`${fixtures}/**/*.{ts,tsx}`], rules: structureRules(boundaryZones(fixtures)) },
      { files: [`${fixtures}/web/src/**/*.{ts,tsx}`], rules: typedHooksOnly },
      { files: [`${fixtures}/backend/src/database/migrations/*.ts`], rules: selfContainedMigrations },
    ],
  });
  patterns = [`${fixtures}/**/*.{ts,tsx}`];
} else {
  process.stderr.write('usage: report.mjs tree|fixtures\n');
  process.exit(2);
}

const results = await eslint.lintFiles(patterns);
const found = results.flatMap((r) =>
  r.messages.map((m) => ({ file: relative(root, r.filePath), line: m.line, rule: m.ruleId, message: m.message })),
);
process.stdout.write(JSON.stringify({ files: results.length, found }, null, 1));
