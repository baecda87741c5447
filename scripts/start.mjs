#!/usr/bin/env node
// `npm start`: builds whatever is missing or out of date, then runs the server (API + web app) in
// this process. Configuration comes from the environment (see README.md).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(st.mtimeMs, ...readdirSync(path).map((f) => newest(join(path, f))));
}

/** TypeScript 7, the native compiler, builds and checks; TypeScript 6 stays for the linter (docs/adr/0012). */
export const TSC = join(root, 'node_modules', 'typescript-native', 'bin', 'tsc');

export function ensureBuilt({ web = true } = {}) {
  // Incremental: a no-op in a second or two when nothing changed.
  run(process.execPath, [TSC, '-b', 'shared', 'backend']);
  if (!web) return;
  const built = join(root, 'web', 'dist', 'index.html');
  const sources = Math.max(
    ...['src', 'index.html', 'vite.config.ts', 'vite-plugins', 'scripts'].map((p) => newest(join(root, 'web', p))),
    newest(join(root, 'shared', 'src')),
  );
  if (!existsSync(built) || statSync(built).mtimeMs < sources) run('npm', ['run', 'build', '-w', '@vidyalaya/web']);
}

const SIGNAL_NUMBERS = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 };

/**
 * Runs the server as a child and stays its parent until it ends (issue 33 row 11): SIGTERM,
 * SIGINT and SIGHUP sent to this launcher are passed on to the server, so a process manager that
 * signals only the main process stops everything (the server then drains and exits within its
 * grace); this process exits with the server's status, or 128 + the signal's number when the
 * server was ended by a signal. `entry` and `args` are the server's script and arguments.
 */
export function runServer(entry, args = []) {
  const child = spawn(process.execPath, [entry, ...args], { stdio: 'inherit' });
  for (const signal of Object.keys(SIGNAL_NUMBERS)) {
    process.on(signal, () => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    });
  }
  child.on('error', () => process.exit(1));
  child.on('exit', (code, signal) => process.exit(code ?? 128 + (SIGNAL_NUMBERS[signal] ?? 0)));
  return child;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  ensureBuilt();
  runServer(join(root, 'backend', 'dist', 'main.js'));
}
