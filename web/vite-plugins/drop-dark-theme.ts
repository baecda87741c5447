/**
 * Blueprint's stylesheet carries a dark variant of nearly every rule (selectors with `.bp6-dark`):
 * about a third of its 470 KB. The app never turns the dark theme on (nothing sets `bp6-dark`:
 * web/test/dark-theme.spec.ts checks), so those selectors are dropped at build time, and a rule left
 * with none goes. Less CSS for a phone to download, parse and match on every workspace page (issue 21).
 */
const DARK = /\.bp6-dark\b/;

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
