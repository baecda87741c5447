#!/usr/bin/env node
// Runs a command inside a private D-Bus session with gnome-keyring's Secret Service unlocked, so
// the token vault's test talks to a real OS keychain (CI: gnome-keyring, dbus, libsecret-1-0).
// Missing tools are an error, never a skip.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const cmd = process.argv.slice(2);
if (cmd.length === 0) {
  process.stderr.write('usage: with-keychain.mjs <command> [args…]\n');
  process.exit(2);
}
const has = (tool) => spawnSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' }).status === 0;
const missing = ['dbus-run-session', 'gnome-keyring-daemon'].filter((t) => !has(t));
if (missing.length) {
  process.stderr.write(
    `The keychain test needs ${missing.join(' and ')} (Debian/Ubuntu: apt-get install -y dbus dbus-x11 gnome-keyring libsecret-1-0).\n`,
  );
  process.exit(1);
}
const desktop = join(dirname(fileURLToPath(import.meta.url)), '..');
// A throw-away keyring password: the keyring lives only as long as this D-Bus session.
const script = 'echo -n vidyalaya-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec "$@"';
// A fresh keyring directory each run: no earlier keyring (with another password) gets in the way.
const dataHome = mkdtempSync(join(tmpdir(), 'vidyalaya-keyring-'));
const r = spawnSync('dbus-run-session', ['--', 'sh', '-c', script, 'sh', ...cmd], {
  stdio: 'inherit',
  env: { ...process.env, XDG_DATA_HOME: dataHome, VIDYALAYA_KEYCHAIN_SESSION: '1', PATH: `${join(desktop, '..', 'node_modules', '.bin')}:${process.env.PATH}` },
});
rmSync(dataHome, { recursive: true, force: true });
process.exit(r.status ?? 1);
