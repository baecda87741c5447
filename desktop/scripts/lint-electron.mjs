#!/usr/bin/env node
// Electronegativity (Doyensec's Electron security linter) over desktop/: the sources, and the
// built renderer page when present (its CSP meta tag). Fails on any HIGH (or CRITICAL) finding;
// lower ones are printed for review. Electron's version is passed in: the tool cannot look it up
// offline (it then only says it could not fetch the release list). It runs with its HTTP client
// stubbed to fail at once (electronegativity-offline.cjs): on Node 24 the real one's retries crash
// the scan. Whether a newer Electron patch carries security fixes is Renovate's to say
// (renovate.json, docs/adr/0009-electron-45.md).
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

const r = spawnSync(process.execPath, ['--require', join(desktop, 'scripts', 'electronegativity-offline.cjs'), bin, '-i', desktop, '-r', '-e', electronVersion, '-o', csv], { stdio: ['ignore', 'ignore', 'inherit'] });
let text = '';
try {
  text = readFileSync(csv, 'utf8');
} catch {
  process.stderr.write(`electronegativity produced no report (exit ${r.status}).\n`);
  process.exit(1);
} finally {
  rmSync(out, { recursive: true, force: true });
}

/**
 * The report as rows of cells. A quoted cell may hold commas, doubled quotes and line breaks (the
 * CSP check's description spans lines), so the whole text is read as one stream, not line by line.
 */
function parseCsv(input) {
  const rows = [];
  let row = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < input.length; i++) {
    const c = input[i];
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cur.trim());
      cur = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && input[i + 1] === '\n') i++;
      row.push(cur.trim());
      cur = '';
      if (row.some((cell) => cell)) rows.push(row);
      row = [];
    } else cur += c;
  }
  row.push(cur.trim());
  if (row.some((cell) => cell)) rows.push(row);
  return rows;
}

const rows = parseCsv(text).slice(1);
const findings = rows.map(([issue = '', severity = '', confidence = '', file = '', location = '', , description = '']) => ({
  issue,
  severity: severity.toUpperCase(),
  confidence,
  file,
  location,
  description: description.replace(/\s+/g, ' '),
}));
// A report that does not read as the tool's rows (a known severity and its wiki address on every
// row) is refused rather than trusted: a cut report could hide a high finding.
const SEVERITIES = new Set(['INFORMATIONAL', 'LOW', 'MEDIUM', 'HIGH', 'CRITICAL']);
const unreadable = rows.filter((row) => row.length !== 8 || !SEVERITIES.has((row[1] ?? '').toUpperCase()) || !/^https:\/\/github\.com\/doyensec\/electronegativity\/wiki\//.test(row[7] ?? ''));
if (unreadable.length > 0 || !/^issue,/.test(text)) {
  process.stderr.write(`electronegativity's report could not be read (${unreadable.length} of ${rows.length} rows malformed); no finding is trusted.\n`);
  process.exit(1);
}
const blocking = findings.filter((f) => f.severity === 'HIGH' || f.severity === 'CRITICAL');
for (const f of findings) {
  process.stdout.write(`${(f.severity || '?').padEnd(9)} ${(f.confidence || '?').padEnd(10)} ${f.issue}  ${f.file}:${f.location}  ${f.description}\n`);
}
process.stdout.write(`\nelectronegativity (Electron ${electronVersion}): ${findings.length} findings, ${blocking.length} high or critical.\n`);
process.exit(blocking.length ? 1 : 0);
