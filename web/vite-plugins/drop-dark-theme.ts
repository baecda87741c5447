/**
 * Blueprint's stylesheet carries a dark variant of nearly every rule (selectors with `.bp6-dark`, and
 * a few under `[data-bp-color-scheme=dark]`): about a third of its 470 KB. The app never turns the
 * dark theme on (nothing sets `bp6-dark` or that attribute: web/test/dark-theme.spec.ts checks), so
 * those selectors are dropped at build time, and a rule left with none goes. Less CSS for a phone to
 * download, parse and match on every workspace page (issues 21 and 37).
 */
const DARK = /\.bp6-dark\b|\[data-bp-color-scheme=["']?dark["']?\]/;

/**
 * A PostCSS plugin that drops every selector `drop` matches, and a rule left with none: the shape of
 * this one and of drop-unused-blueprint.ts.
 */
export function selectorDropper(name: string, drop: RegExp) {
  return {
    postcssPlugin: name,
    Rule(rule: { selectors: string[]; remove(): void }) {
      const kept = rule.selectors.filter((s) => !drop.test(s));
      if (kept.length === rule.selectors.length) return;
      if (kept.length === 0) rule.remove();
      else rule.selectors = kept;
    },
  };
}

export function dropDarkTheme() {
  return selectorDropper('vidyalaya-drop-dark-theme', DARK);
}
dropDarkTheme.postcss = true as const;
