// Shared by the benchmarks: the machine a run happened on, and rewriting one marked block of
// docs/performance.md without touching anything else in it (other sections belong to other scripts).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const docFile = join(root, 'docs', 'performance.md');

/** Date, cores, CPU model, memory, Node and the load average, taken at the start of a run. */
export function machine() {
  let model = cpus()[0]?.model?.trim() || 'unknown CPU';
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8').split('\n').find((l) => l.startsWith('model name'));
    if (line) model = line.split(':')[1].trim();
  } catch {
    /* not Linux */
  }
  return {
    date: new Date().toISOString().replace('T', ' ').slice(0, 16) + ' UTC',
    cores: cpus().length,
    model,
    memoryGb: (totalmem() / 1024 ** 3).toFixed(1),
    node: process.version,
    load: loadavg().map((l) => l.toFixed(2)).join(', '),
  };
}

export function machineLine(m) {
  return `Run on ${m.date} · ${m.cores} CPU core(s), ${m.model}, ${m.memoryGb} GB RAM · Node ${m.node} · load average at the start (1, 5, 15 min): ${m.load}.`;
}

/**
 * Replaces the block between `<!-- bench:NAME:start -->` and `<!-- bench:NAME:end -->` under the
 * heading `## TITLE`; adds heading and block at the end when they are not there yet. The heading
 * stays outside the markers so that scripts/bench-web.mjs, which rewrites its own section up to
 * the next heading, never eats a marker.
 */
export function writeBlock(name, title, content) {
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  let doc = existsSync(docFile) ? readFileSync(docFile, 'utf8') : '# Performance\n';
  const block = `${start}\n${content.trim()}\n${end}`;
  const i = doc.indexOf(start);
  const j = doc.indexOf(end);
  if (i >= 0 && j > i) {
    doc = doc.slice(0, i) + block + doc.slice(j + end.length);
  } else {
    doc = `${doc.replace(/\s*$/, '')}\n\n## ${title}\n\n${block}\n`;
  }
  writeFileSync(docFile, doc);
}
