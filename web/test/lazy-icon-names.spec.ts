/// <reference types="node" />
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { LAZY_ICON_NAMES, lazyIconNames } from '../vite-plugins/lazy-icon-names';

const require = createRequire(__filename);
const esmFile = require.resolve('@blueprintjs/icons/lib/esm/iconNames.js');
// Blueprint's CommonJS build of the same module: the reference the lazy one must equal.
const reference = require('@blueprintjs/icons/lib/cjs/iconNames.js') as { IconNames: Record<string, string>; IconNamesSet: Set<string> };
const { BlueprintIcons_16 } = require('@blueprintjs/icons/lib/cjs/generated/16px/blueprint-icons-16.js') as { BlueprintIcons_16: Record<string, string> };

/** Evaluates the module text (it imports nothing). */
function evaluate(code: string) {
  expect(code).not.toMatch(/^import /m);
  const body = code.replace(/^export const (\w+) =/gm, 'exports.$1 =');
  const exports: Record<string, unknown> = {};
  new Function('exports', body)(exports);
  return exports as { IconNames: Record<string, string | undefined>; IconNamesSet: { has: (name: unknown) => boolean } };
}

describe('Blueprint’s icon names by rule, without the list (vite-plugins/lazy-icon-names.ts)', () => {
  const plugin = lazyIconNames() as unknown as { transform: (this: { error: (m: string) => never }, code: string, id: string) => { code: string } | null };
  const ctx = { error: (m: string): never => { throw new Error(m); } };

  it('rewrites Blueprint’s module, and only that one', () => {
    expect(plugin.transform.call(ctx, readFileSync(esmFile, 'utf8'), esmFile)?.code).toBe(LAZY_ICON_NAMES);
    expect(plugin.transform.call(ctx, 'export const x = 1;', '/app/src/icon-names.js')).toBeNull();
    expect(() => plugin.transform.call(ctx, 'export const IconNames = {};', esmFile)).toThrow(/changed/);
  });

  it('every key of Blueprint’s map, new and legacy, gives exactly Blueprint’s name', () => {
    const { IconNames } = evaluate(LAZY_ICON_NAMES);
    const keys = Object.keys(reference.IconNames);
    expect(keys.length).toBe(2 * Object.values(BlueprintIcons_16).length);
    for (const key of keys) expect([key, IconNames[key]]).toEqual([key, reference.IconNames[key]]);
    expect(IconNames.SQUARE).toBe('square');
    expect(IconNames.TickCircle).toBe('tick-circle');
    expect('ADD' in IconNames).toBe(true);
    expect(IconNames['not a key']).toBeUndefined();
  });

  it('every icon of Blueprint’s is a valid name, and nothing that is not in its form', () => {
    const { IconNamesSet } = evaluate(LAZY_ICON_NAMES);
    for (const name of reference.IconNamesSet) expect([name, IconNamesSet.has(name)]).toEqual([name, true]);
    for (const bad of ['', 'Tick-Circle', 'tick circle', 'tick--circle', '-tick', 'tick_circle', undefined, 12, {}]) {
      expect([bad, IconNamesSet.has(bad)]).toEqual([bad, false]);
    }
  });
});
