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

const MARKER = /<!-- bench:([\w-]+):(start|end) -->/g;

/**
 * Every `<!-- bench:NAME:start -->` is followed by its own `<!-- bench:NAME:end -->` before any other
 * marker: blocks never nest or interleave, and no name appears twice. Throws, naming the first fault.
 */
export function checkMarkers(doc) {
  let open;
  const seen = new Set();
  for (const m of doc.matchAll(MARKER)) {
    const [, name, kind] = m;
    const line = doc.slice(0, m.index).split('\n').length;
    if (kind === 'start') {
      if (open) throw new Error(`docs/performance.md line ${line}: bench:${name}:start inside the open block bench:${open}`);
      if (seen.has(name)) throw new Error(`docs/performance.md line ${line}: a second bench:${name} block`);
      seen.add(name);
      open = name;
    } else {
      if (open !== name) throw new Error(`docs/performance.md line ${line}: bench:${name}:end ${open ? `while bench:${open} is open` : 'without its start'}`);
      open = undefined;
    }
  }
  if (open) throw new Error(`docs/performance.md: bench:${open}:start has no end`);
  return [...seen];
}

/**
 * The document with the block between `<!-- bench:NAME:start -->` and the first
 * `<!-- bench:NAME:end -->` after it replaced by `content`; heading and block are added at the end
 * when the block is not there yet. The heading stays outside the markers so that
 * scripts/bench-web.mjs, which rewrites its own section up to the next heading, never eats a marker.
 * The document is checked before and after (checkMarkers): a block is only ever replaced between its
 * own markers, and content holding a marker is refused, so sections can never nest.
 */
export function replaceBlock(doc, name, title, content) {
  checkMarkers(doc);
  if (/<!-- bench:[\w-]+:(start|end) -->/.test(content)) throw new Error(`bench:${name}: the content holds a bench marker`);
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const block = `${start}\n${content.trim()}\n${end}`;
  const i = doc.indexOf(start);
  let out;
  if (i >= 0) {
    const j = doc.indexOf(end, i + start.length);
    out = doc.slice(0, i) + block + doc.slice(j + end.length);
  } else {
    out = `${doc.replace(/\s*$/, '')}\n\n## ${title}\n\n${block}\n`;
  }
  checkMarkers(out);
  return out;
}

/** Rewrites the NAME block of docs/performance.md (replaceBlock), leaving the rest of it as it is. */
export function writeBlock(name, title, content) {
  const doc = existsSync(docFile) ? readFileSync(docFile, 'utf8') : '# Performance\n';
  writeFileSync(docFile, replaceBlock(doc, name, title, content));
}
