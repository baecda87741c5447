/// <reference types="node" />
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import postcss from 'postcss';
import { dropIconFont } from '../vite-plugins/drop-icon-font';

const require = createRequire(__filename);
// (Through package.json: the tests map every `.css` module to a stub.)
const blueprint = readFileSync(join(dirname(require.resolve('@blueprintjs/core/package.json')), 'lib', 'css', 'blueprint.css'), 'utf8');
const run = (css: string) => postcss([dropIconFont()]).process(css, { from: undefined }).css;

describe('Blueprint’s icon-font glyphs dropped at build (vite-plugins/drop-icon-font.ts)', () => {
  it('drops a glyph rule, and keeps anything else that looks like one', () => {
    expect(run('.bp6-icon-add::before{content:"\\f109"}').trim()).toBe('');
    const kept = [
      '.bp6-icon-standard{width:16px;height:16px}',
      '.bp6-icon-add::before{content:"\\f109";color:red}',
      '.bp6-callout.bp6-icon-add::before{content:"\\f109"}',
      '.bp6-icon-add::before{content:"+"}',
    ];
    for (const css of kept) expect(run(css)).toBe(css);
  });

  it('on Blueprint’s own stylesheet: every glyph goes, the icon’s box rules stay', () => {
    const glyphRules = /(?<![\w-])\.bp6-icon-[a-z0-9-]+::before\s*\{\s*content:\s*"\\f[0-9a-f]{3}";?\s*\}/g;
    expect((blueprint.match(glyphRules) ?? []).length).toBeGreaterThan(1000);
    const out = run(blueprint);
    expect(out.match(glyphRules) ?? []).toEqual([]);
    // A glyph inside another rule (a tag's remove button, a tree's caret) is not an icon's glyph rule: kept.
    expect(out).toContain('content:"\\f2ba"');
    expect(out).toContain('.bp6-tree-node-caret.bp6-icon-standard::before');
    for (const rule of ['span.bp6-icon-standard{', 'span.bp6-icon-large{', '.bp6-icon.bp6-intent-primary']) expect(out).toContain(rule);
    expect(out.length).toBeLessThan(blueprint.length - 60_000);
  });

  it('takes the icon fonts out of font-family lists, and leaves other families alone', () => {
    expect(run('span.bp6-icon-standard{font-family:"blueprint-icons-16", sans-serif;width:16px}')).toBe('span.bp6-icon-standard{font-family:sans-serif;width:16px}');
    expect(run("span.bp6-icon:empty{font-family:'blueprint-icons-20';font-size:inherit}")).toBe('span.bp6-icon:empty{font-size:inherit}');
    expect(run('body{font-family:Roboto, blueprint-icons-16, sans-serif}')).toBe('body{font-family:Roboto, sans-serif}');
    for (const css of ['body{font-family:system-ui, sans-serif}', 'code{font-family:monospace}', 'p{font-family:"blueprint-icons-160", serif}']) expect(run(css)).toBe(css);
    const out = run(blueprint);
    expect(blueprint).toMatch(/font-family:\s*"blueprint-icons-16"/);
    // (Blueprint's `--bp-typography-family-default` also names it; no rule reads that property.)
    expect(out).not.toMatch(/font-family:[^;}]*blueprint-icons/);
  });
});
