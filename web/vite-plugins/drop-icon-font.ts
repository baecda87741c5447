/**
 * Blueprint's stylesheet also draws every icon as a glyph of its icon font: 1,400-odd rules like
 * `.bp6-icon-add::before { content: "\f109" }`, 74 KB of the 359 KB the workspace loads. The app draws
 * icons as SVG (components/blueprint/icon-loader.ts) and never loads that font, so the glyph only ever
 * showed while an icon's paths were loading, as a box: the browser searched every installed font for a
 * private-use character first, inside the page's first layout. The build drops those rules; an icon
 * still loading is an empty 16 px square (its size rules stay). The font's family names go from
 * `font-family` lists too (an icon's box `font-family: "blueprint-icons-16", sans-serif` becomes
 * `sans-serif`): naming a font that is never loaded only costs a font lookup per size in every layout
 * that meets an icon. Tested by web/test/drop-icon-font.spec.ts.
 */
const GLYPH_SELECTOR = /^\.bp6-icon-[a-z0-9-]+::?before$/;
/** One character of the Unicode private-use area, as Blueprint writes it: "\f109". */
const GLYPH = /^["']\\[eEfF][0-9a-fA-F]{3}["']$/;
/** Blueprint's icon fonts, by family name, quoted or not. */
const ICON_FAMILY = /^["']?blueprint-icons-(16|20)["']?$/;

interface DeclLike {
  type: string;
  prop?: string;
  value?: string;
  remove?(): void;
}
interface RuleLike {
  selectors: string[];
  nodes?: DeclLike[];
  remove(): void;
}

export function dropIconFont() {
  return {
    postcssPlugin: 'vidyalaya-drop-icon-font',
    Rule(rule: RuleLike) {
      if (!rule.selectors.every((s) => GLYPH_SELECTOR.test(s.trim()))) return;
      const decls = (rule.nodes ?? []).filter((n) => n.type === 'decl');
      if (decls.length === 1 && decls[0]!.prop === 'content' && GLYPH.test(decls[0]!.value ?? '')) rule.remove();
    },
    Declaration: {
      'font-family'(decl: DeclLike) {
        const families = (decl.value ?? '').split(',').map((f) => f.trim());
        const kept = families.filter((f) => !ICON_FAMILY.test(f));
        if (kept.length === families.length) return;
        if (kept.length === 0) decl.remove?.();
        else decl.value = kept.join(', ');
      },
    },
  };
}
dropIconFont.postcss = true as const;
