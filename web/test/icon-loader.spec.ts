/// <reference types="node" />
import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Issue 21: every Blueprint icon the app names has its own small chunk in
 * components/blueprint/icon-loader.ts. An icon missing there still draws, through Blueprint's own
 * loader, but that fetches the paths of every icon of its size at once (about 80 KB brotli): one
 * unlisted icon on the workspace home put it 74 KB over its budget. Names are found where the code
 * gives them: `icon="…"`, `icon={cond ? '…' : '…'}`, `leftIcon`/`rightIcon`, and `icon: '…'` in
 * lists such as the navigation.
 */
const SRC = join(__dirname, '..', 'src');
const LOADER = join(SRC, 'components', 'blueprint', 'icon-loader.ts');
const PATHS = join(__dirname, '..', '..', 'node_modules', '@blueprintjs', 'icons', 'lib', 'esm', 'generated', '16px', 'paths');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sourceFiles(p) : /\.tsx?$/.test(f) ? [p] : [];
  });
}

/** Quoted names given to an icon prop or field, with the file they are in. */
function namedIcons(files = sourceFiles(SRC)): Map<string, string> {
  const found = new Map<string, string>();
  const prop = /\b(?:icon|leftIcon|rightIcon)\s*(?:=\s*(?:"([a-z0-9-]+)"|\{([^}\n]*)\})|:\s*(?:'([a-z0-9-]+)'|"([a-z0-9-]+)"))/g;
  for (const file of files) {
    if (file === LOADER) continue;
    for (const m of readFileSync(file, 'utf8').matchAll(prop)) {
      const names = m[2] !== undefined ? [...m[2].matchAll(/['"]([a-z0-9-]+)['"]/g)].map((x) => x[1]!) : [m[1] ?? m[3] ?? m[4]!];
      for (const n of names) if (!found.has(n)) found.set(n, file.slice(SRC.length + 1));
    }
  }
  return found;
}

describe('icon loader', () => {
  const listed = new Set([...readFileSync(LOADER, 'utf8').matchAll(/^ {2}'?([a-z0-9-]+)'?: \[/gm)].map((m) => m[1]!));
  const isBlueprintIcon = (name: string) => existsSync(join(PATHS, `${name}.js`));

  it('finds icons in the code and in the list (the scan itself works)', () => {
    const named = namedIcons();
    expect(named.get('log-out')).toBeDefined();
    expect(listed.has('log-out')).toBe(true);
    expect(isBlueprintIcon('log-out')).toBe(true);
    expect(isBlueprintIcon('not-an-icon')).toBe(false);
  });

  it('lists every Blueprint icon the app names, so no page loads the paths of all icons', () => {
    const missing = [...namedIcons()].filter(([name]) => isBlueprintIcon(name) && !listed.has(name)).map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });

  it('lists only real icons', () => {
    expect([...listed].filter((n) => !isBlueprintIcon(n))).toEqual([]);
  });

  it('has the shell’s icons (header and navigation) in the workspace set, which the shell loads before it draws', () => {
    const set = readFileSync(join(SRC, 'components', 'blueprint', 'workspace-icons.ts'), 'utf8');
    const inSet = new Set([...set.matchAll(/^ {2}(?:'([a-z0-9-]+)'|([a-z]+))(?:: [a-zA-Z]+)?,$/gm)].map((m) => m[1] ?? m[2]!));
    const imported = [...set.matchAll(/generated\/16px\/paths\/([a-z0-9-]+)'/g)].map((m) => m[1]!);
    expect([...inSet].sort()).toEqual([...imported].sort());
    const shellFiles = [join(SRC, 'features', 'workspace', 'nav.ts'), join(SRC, 'features', 'workspace', 'components', 'school-shell.tsx')];
    const shell = [...namedIcons(shellFiles).keys()];
    expect(shell.length).toBeGreaterThan(10);
    expect(shell.filter((n) => !inSet.has(n) && !['office', 'error'].includes(n))).toEqual([]);
    // The loader takes these icons' 16 px paths from the set, not from a chunk of their own.
    const loader = readFileSync(LOADER, 'utf8');
    for (const name of inSet) expect(loader).toContain(`workspaceIcon('${name}')`);
  });
});
