/// <reference types="node" />
import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { dropDarkTheme } from '../vite-plugins/drop-dark-theme';

/**
 * The build drops Blueprint's dark-theme rules (vite-plugins/drop-dark-theme.ts): that is only right
 * while nothing in the app turns the dark theme on.
 */
const SRC = join(__dirname, '..', 'src');
const files = (dir: string): string[] => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : /\.(tsx?|css|html)$/.test(f) ? [join(dir, f)] : []));

function rule(selectors: string[]) {
  const r = { selectors, removed: false, remove: () => (r.removed = true) };
  return r;
}

describe('no dark theme', () => {
  it('nothing in the renderer sets Blueprint’s dark class', () => {
    const setting = files(SRC).filter((f) => /bp6-dark|Classes\.DARK\b|\bdarkTheme\b|data-bp-color-scheme/.test(readFileSync(f, 'utf8')));
    expect(setting).toEqual([]);
  });

  it('the build drops dark selectors and keeps the rest of a rule', () => {
    const plugin = dropDarkTheme();
    const onlyDark = rule(['.bp6-dark .bp6-button', '.bp6-button.bp6-dark']);
    plugin.Rule(onlyDark);
    expect(onlyDark.removed).toBe(true);
    const mixed = rule(['.bp6-button', '.bp6-dark .bp6-button']);
    plugin.Rule(mixed);
    expect(mixed.removed).toBe(false);
    expect(mixed.selectors).toEqual(['.bp6-button']);
    const scheme = rule(['[data-bp-color-scheme=dark] .bp6-select select:hover', '.bp6-select [data-bp-color-scheme=dark] select:hover']);
    plugin.Rule(scheme);
    expect(scheme.removed).toBe(true);
    const light = rule(['.bp6-darker-shade', '.bp6-button']);
    plugin.Rule(light);
    expect(light.selectors).toEqual(['.bp6-darker-shade', '.bp6-button']);
  });
});
