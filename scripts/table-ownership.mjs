#!/usr/bin/env node
// Which tables each repository reads and writes (issue 34, "Tables belong to no one"), from the SQL
// written in `backend/src/**/*.repository.ts`. Tables are those the migrations create; a query's
// INSERT INTO / UPDATE / DELETE FROM target is written, every other FROM / JOIN table is read.
//
//   node scripts/table-ownership.mjs           prints the snapshot
//   node scripts/table-ownership.mjs --write   rewrites docs/table-ownership.json
//
// scripts/lint/table-ownership.spec.ts regenerates it in `npm test` and fails when the committed
// snapshot differs, so a repository that starts touching another module's table shows in review.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const SNAPSHOT = join(root, 'docs/table-ownership.json');

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

/** The tables the migrations create. */
export function knownTables() {
  const tables = new Set();
  for (const file of walk(join(root, 'backend/src/database/migrations'))) {
    for (const m of readFileSync(file, 'utf8').matchAll(/CREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?("?)([a-z_][a-z0-9_]*)\1/gi)) tables.add(m[2].toLowerCase());
  }
  return tables;
}

/** The SQL of a file: its template and quoted strings that look like SQL, comments dropped. */
function sqlOf(text) {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/^\s*\/\/.*$/gm, ' ');
  const strings = [...code.matchAll(/`((?:\\.|[^`\\])*)`|'((?:\\.|[^'\\\n])*)'/g)].map((m) => m[1] ?? m[2] ?? '');
  return strings.filter((s) => /\b(SELECT|INSERT|UPDATE|DELETE|FROM|JOIN)\b/i.test(s)).join('\n;\n');
}

/** `{reads, writes}` of one file's SQL, limited to `tables`. */
export function tablesOf(text, tables) {
  const sql = sqlOf(text);
  const writes = new Set();
  const reads = new Set();
  const name = '([a-z_][a-z0-9_]*)';
  for (const m of sql.matchAll(new RegExp(`\\bINSERT\\s+INTO\\s+${name}`, 'gi'))) writes.add(m[1].toLowerCase());
  for (const m of sql.matchAll(new RegExp(`\\bUPDATE\\s+${name}`, 'gi'))) writes.add(m[1].toLowerCase());
  for (const m of sql.matchAll(new RegExp(`\\bDELETE\\s+FROM\\s+${name}`, 'gi'))) writes.add(m[1].toLowerCase());
  for (const m of sql.matchAll(new RegExp(`(\\bDELETE\\s+)?\\b(?:FROM|JOIN)\\s+${name}`, 'gi'))) if (!m[1]) reads.add(m[2].toLowerCase());
  const known = (set) => [...set].filter((t) => tables.has(t)).sort();
  return { reads: known(reads), writes: known(writes) };
}

/** The snapshot: per repository its reads and writes; per table who writes and who reads it. */
export function snapshot() {
  const tables = knownTables();
  const repositories = {};
  const files = walk(join(root, 'backend/src'))
    .filter((f) => f.endsWith('.repository.ts'))
    .sort();
  for (const file of files) repositories[relative(root, file)] = tablesOf(readFileSync(file, 'utf8'), tables);
  const byTable = {};
  for (const t of [...tables].sort()) {
    const writtenBy = Object.keys(repositories).filter((r) => repositories[r].writes.includes(t));
    const readBy = Object.keys(repositories).filter((r) => repositories[r].reads.includes(t));
    byTable[t] = { writtenBy, readBy };
  }
  return { repositories, tables: byTable };
}

export const render = (s) => JSON.stringify(s, null, 2) + '\n';

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = render(snapshot());
  if (process.argv.includes('--write')) {
    writeFileSync(SNAPSHOT, text);
    console.log(`Wrote ${relative(root, SNAPSHOT)}`);
  } else process.stdout.write(text);
}
