/**
 * Blueprint's stylesheet carries a dark variant of nearly every rule (selectors with `.bp6-dark`, and
 * a few under `[data-bp-color-scheme=dark]`): about a third of its 470 KB. The app never turns the
 * dark theme on (nothing sets `bp6-dark` or that attribute: web/test/dark-theme.spec.ts checks), so
 * those selectors are dropped at build time, and a rule left with none goes. Less CSS for a phone to
 * download, parse and match on every workspace page (issues 21 and 37).
 */
const DARK = /\.bp6-dark\b|\[data-bp-color-scheme=["']?dark["']?\]/;

interface RuleLike {
  selectors: string[];
  remove(): void;
}

export function dropDarkTheme() {
  return {
    postcssPlugin: 'vidyalaya-drop-dark-theme',
    Rule(rule: RuleLike) {
      const kept = rule.selectors.filter((s) => !DARK.test(s));
      if (kept.length === rule.selectors.length) return;
      if (kept.length === 0) rule.remove();
      else rule.selectors = kept;
    },
  };
}
dropDarkTheme.postcss = true as const;
