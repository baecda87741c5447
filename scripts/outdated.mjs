#!/usr/bin/env node
// `npm run outdated`: every direct dependency of the root and the workspaces that has a newer release,
// as a Markdown table (docs/dependencies.md keeps the latest one). A newer major is marked; Renovate
// (renovate.json) opens the pull requests, this is the one-look summary.
import { spawnSync } from 'node:child_process';

const r = spawnSync('npm', ['outdated', '--json', '--workspaces', '--include-workspace-root'], { encoding: 'utf8' });
let data = {};
try {
  data = JSON.parse(r.stdout || '{}');
} catch {
  process.stderr.write(r.stderr || 'npm outdated gave no answer\n');
  process.exit(1);
}
const major = (v) => Number(String(v).split('.')[0]);
const rows = [];
for (const [name, entries] of Object.entries(data)) {
  for (const e of Array.isArray(entries) ? entries : [entries]) {
    if (!e.current) continue;
    const where = e.dependent === 'vidyalaya' ? 'root' : String(e.dependent ?? '').replace(/^@vidyalaya\//, '');
    rows.push({ name, where, current: e.current, latest: e.latest, majorBehind: major(e.latest) > major(e.current) });
  }
}
rows.sort((a, b) => Number(b.majorBehind) - Number(a.majorBehind) || a.name.localeCompare(b.name));
process.stdout.write(`Outdated direct dependencies (${new Date().toISOString().slice(0, 10)}, Node ${process.version}):\n\n`);
process.stdout.write('| package | workspace | installed | latest | |\n|---|---|---|---|---|\n');
for (const x of rows) process.stdout.write(`| ${x.name} | ${x.where} | ${x.current} | ${x.latest} | ${x.majorBehind ? 'major behind' : ''} |\n`);
if (!rows.length) process.stdout.write('| (none) | | | | |\n');
