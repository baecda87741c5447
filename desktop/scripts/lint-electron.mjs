#!/usr/bin/env node
// Electronegativity (Doyensec's Electron security linter) over desktop/: the sources, and the
// built renderer page when present (its CSP meta tag). Fails on any HIGH (or CRITICAL) finding;
// lower ones are printed for review. Electron's version is passed in: the tool cannot look it up
// offline (it then only says it could not fetch the release list).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const desktop = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const electronVersion = require('electron/package.json').version;
const bin = join(dirname(require.resolve('@doyensec/electronegativity/package.json')), 'dist', 'index.js');
const out = mkdtempSync(join(tmpdir(), 'electronegativity-'));
const csv = join(out, 'findings.csv');

const r = spawnSync(process.execPath, [bin, '-i', desktop, '-r', '-e', electronVersion, '-o', csv], { stdio: ['ignore', 'ignore', 'inherit'] });
let text = '';
try {
  text = readFileSync(csv, 'utf8');
} catch {
  process.stderr.write(`electronegativity produced no report (exit ${r.status}).\n`);
  process.exit(1);
} finally {
  rmSync(out, { recursive: true, force: true });
}

/** One CSV row → its cells (quoted cells may hold commas). */
function cells(line) {
  const result = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"' && line[i + 1] === '"' && quoted) {
      cur += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) {
      result.push(cur.trim());
      cur = '';
    } else cur += c;
  }
  result.push(cur.trim());
  return result;
}

const rows = text.split('\n').slice(1).filter((l) => l.trim()).map(cells);
const findings = rows.map(([issue, severity, confidence, file, location, , description]) => ({ issue, severity, confidence, file, location, description }));
const blocking = findings.filter((f) => f.severity === 'HIGH' || f.severity === 'CRITICAL');
for (const f of findings) {
  process.stdout.write(`${f.severity.padEnd(9)} ${f.confidence.padEnd(10)} ${f.issue}  ${f.file}:${f.location}  ${f.description}\n`);
}
process.stdout.write(`\nelectronegativity (Electron ${electronVersion}): ${findings.length} findings, ${blocking.length} high or critical.\n`);
process.exit(blocking.length ? 1 : 0);
