/// <reference types="node" />
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { LAZY_ICON_NAMES, lazyIconNames } from '../vite-plugins/lazy-icon-names';

const require = createRequire(__filename);
const esmFile = require.resolve('@blueprintjs/icons/lib/esm/iconNames.js');
// Blueprint's CommonJS build of the same module: the reference the lazy one must equal.
const reference = require('@blueprintjs/icons/lib/cjs/iconNames.js') as { IconNames: Record<string, string>; IconNamesSet: Set<string> };
const changeCase = require('change-case') as { pascalCase: (s: string) => string; snakeCase: (s: string) => string };
const { BlueprintIcons_16 } = require('@blueprintjs/icons/lib/cjs/generated/16px/blueprint-icons-16.js') as { BlueprintIcons_16: Record<string, string> };

/** Evaluates the module text with its two imports given, counting the case conversions it runs. */
function evaluate(code: string) {
  const calls = { count: 0 };
  const deps = {
    pascalCase: (s: string) => (calls.count++, changeCase.pascalCase(s)),
    snakeCase: (s: string) => (calls.count++, changeCase.snakeCase(s)),
    BlueprintIcons_16,
  };
  const body = code
    .replace(/^import \{ (.+) \} from .+;$/gm, 'const { $1 } = deps;')
    .replace(/^export const (\w+) =/gm, 'exports.$1 =');
  const exports: Record<string, unknown> = {};
  new Function('deps', 'exports', body)(deps, exports);
  return { exports: exports as typeof reference, calls };
}

describe('Blueprint’s icon names, made on first use (vite-plugins/lazy-icon-names.ts)', () => {
  const plugin = lazyIconNames() as unknown as { transform: (this: { error: (m: string) => never }, code: string, id: string) => { code: string } | null };
  const ctx = { error: (m: string): never => { throw new Error(m); } };

  it('rewrites Blueprint’s module, and only that one', () => {
    expect(plugin.transform.call(ctx, readFileSync(esmFile, 'utf8'), esmFile)?.code).toBe(LAZY_ICON_NAMES);
    expect(plugin.transform.call(ctx, 'export const x = 1;', '/app/src/icon-names.js')).toBeNull();
    expect(() => plugin.transform.call(ctx, 'export const IconNames = {};', esmFile)).toThrow(/changed/);
  });

  it('converts nothing at load, and then gives exactly Blueprint’s map', () => {
    const { exports, calls } = evaluate(LAZY_ICON_NAMES);
    expect(calls.count).toBe(0);
    expect([...exports.IconNamesSet]).toEqual([...reference.IconNamesSet]);
    expect(Object.entries(exports.IconNames)).toEqual(Object.entries(reference.IconNames));
    expect(exports.IconNames.SQUARE).toBe('square');
    expect(exports.IconNames.TickCircle).toBe('tick-circle');
    expect('ADD' in exports.IconNames).toBe(true);
    // Built once: two conversions per icon, however often it is read.
    expect(calls.count).toBe(2 * Object.values(BlueprintIcons_16).length);
  });
});
