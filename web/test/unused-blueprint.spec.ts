/// <reference types="node" />
import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import postcss from 'postcss';
import { dropUnusedBlueprint, LEFT_OUT } from '../vite-plugins/drop-unused-blueprint';

/**
 * The build drops the rules of the Blueprint components the renderer never draws
 * (vite-plugins/drop-unused-blueprint.ts): that is only right while it draws none of them.
 */
const require = createRequire(__filename);
// (Through package.json: the tests map every `.css` module to a stub.)
const blueprint = readFileSync(join(dirname(require.resolve('@blueprintjs/core/package.json')), 'lib', 'css', 'blueprint.css'), 'utf8');
// Blueprint's class constants (`Classes.TOOLTIP` is this module's TOOLTIP).
const Classes = require('@blueprintjs/core/lib/cjs/common/classes.js') as Record<string, unknown>;
const run = (css: string) => postcss([dropUnusedBlueprint()]).process(css, { from: undefined }).css;

const SRC = join(__dirname, '..', 'src');
const files = (dir: string): string[] => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : /\.(tsx?|css|html)$/.test(f) ? [join(dir, f)] : []));
const families = LEFT_OUT.flatMap((l) => l.families);
const ofLeftOut = (cls: string) => families.some((f) => cls === `bp6-${f}` || cls.startsWith(`bp6-${f}-`));

describe('Blueprint components the renderer never draws (vite-plugins/drop-unused-blueprint.ts)', () => {
  it('the renderer imports none of them and names none of their classes', () => {
    const components = new Set(LEFT_OUT.flatMap((l) => l.components));
    // Blueprint's class constants whose class is of a left-out family (Classes.TOOLTIP, …).
    const constants = Object.entries(Classes).filter(([, v]) => typeof v === 'string' && ofLeftOut(v)).map(([k]) => k);
    expect(constants.length).toBeGreaterThan(10);
    const found: string[] = [];
    for (const file of files(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@blueprintjs\/[^']+'/g)) {
        for (const name of m[1].split(',').map((n) => n.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0])) if (components.has(name)) found.push(`${file}: ${name}`);
      }
      for (const m of text.matchAll(/bp6-[a-z0-9-]+/g)) if (ofLeftOut(m[0])) found.push(`${file}: ${m[0]}`);
      for (const k of constants) if (new RegExp(`Classes\\.${k}\\b`).test(text)) found.push(`${file}: Classes.${k}`);
    }
    expect(found).toEqual([]);
  });

  it('drops a selector naming a left-out class, keeps the rest of its rule and every other rule', () => {
    expect(run('.bp6-slider-handle{top:0}').trim()).toBe('');
    expect(run('.bp6-tooltip .bp6-popover-content,.bp6-popover .bp6-popover-content{padding:0}').trim()).toBe('.bp6-popover .bp6-popover-content{padding:0}');
    const kept = ['.bp6-button{color:red}', '.bp6-html-table.bp6-html-table-striped tbody tr:nth-child(odd) td{background:grey}', '.bp6-sectional{top:0}', '.bp6-keyed{top:0}'];
    for (const css of kept) expect(run(css)).toBe(css);
  });

  it('on Blueprint’s own stylesheet: the left-out components go, the ones the renderer draws stay', () => {
    const out = run(blueprint);
    for (const cls of ['bp6-slider', 'bp6-tag-input', 'bp6-tree-node', 'bp6-tooltip', 'bp6-multistep-dialog', 'bp6-editable-text']) {
      expect(blueprint).toContain(`.${cls}`);
      expect(out).not.toMatch(new RegExp(`\\.${cls}(?![a-z0-9])`));
    }
    for (const cls of ['bp6-button', 'bp6-dialog', 'bp6-popover', 'bp6-menu-item', 'bp6-html-select', 'bp6-html-table-striped', 'bp6-tab-indicator', 'bp6-numeric-input', 'bp6-file-upload-input', 'bp6-breadcrumbs', 'bp6-drawer']) {
      expect(out).toContain(`.${cls}`);
    }
    // Rules only: what is left is a good part of the whole, and nothing outside the rules changed.
    expect(out.length).toBeLessThan(blueprint.length);
    expect(out.length).toBeGreaterThan(blueprint.length * 0.6);
  });
});
