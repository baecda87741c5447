#!/usr/bin/env node
// Runs a command-line tool of the back end (backend/src/cli/<name>.ts) after building what is missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from './start.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [name, ...args] = process.argv.slice(2);
const file = join(root, 'backend', 'dist', 'cli', `${name}.js`);
ensureBuilt({ web: false });
if (!existsSync(file)) {
  process.stderr.write(`Unknown tool: ${name}\n`);
  process.exit(2);
}
const r = spawnSync(process.execPath, [file, ...args], { stdio: 'inherit' });
process.exit(r.status ?? 1);
