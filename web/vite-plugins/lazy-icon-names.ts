import type { Plugin } from 'vite';

/** Blueprint's module of icon names, the one this plugin rewrites. */
export const ICON_NAMES_MODULE = /[\\/]@blueprintjs[\\/]icons[\\/]lib[\\/]esm[\\/]iconNames\.js$/;

/**
 * The same exports as @blueprintjs/icons' `iconNames.js`, by rule instead of by list.
 *
 * Blueprint builds its `IconNames` map at load from the list of its 706 icons (two case conversions
 * each, 80 ms of main thread on a slow phone), and `IconNamesSet` from the same list. The app never
 * reads the map; the set answers one question, whether a name may be loaded (`Icons.isValidIconName`,
 * asked when an icon draws). Shipping the list cost every page that draws an icon 8.9 KB brotli
 * before its first paint (session 22), with the `change-case` package the map needs.
 *
 * So neither the list nor `change-case` is loaded any more:
 * - `IconNamesSet.has(name)`: the name is in Blueprint's form, lower-case words joined by hyphens.
 *   A well-formed name that is not an icon is then asked of the loader, which fails and logs it,
 *   where Blueprint logged "Unknown icon"; either way nothing is drawn. The app's own icons are all
 *   listed in components/blueprint/icon-loader.ts (web/test/icon-loader.spec.ts).
 * - `IconNames.TickCircle` and `IconNames.TICK_CIRCLE` give `"tick-circle"`, by the inverse of the
 *   two conversions. For every one of Blueprint's 706 icons both keys give exactly Blueprint's value
 *   (web/test/lazy-icon-names.spec.ts). The map cannot be listed (`Object.keys` is empty).
 */
export const LAZY_ICON_NAMES = `const NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
function nameOf(key) {
    if (typeof key !== "string") return undefined;
    if (/^[A-Z0-9_]+$/.test(key)) return key.toLowerCase().replace(/_/g, "-");
    if (/^[A-Z][A-Za-z0-9_]*$/.test(key)) return key.replace(/_(\\d)/g, "-$1").replace(/(?<=[a-z0-9])([A-Z])/g, "-$1").toLowerCase();
    return undefined;
}
export const IconNames = new Proxy({}, {
    get: (_, key) => nameOf(key),
    has: (_, key) => nameOf(key) !== undefined,
});
export const IconNamesSet = { has: (name) => typeof name === "string" && NAME.test(name) };
`;

/** What the rewritten file must contain, so a Blueprint release that changes it stops the build. */
const EXPECTED = [
  'import { pascalCase, snakeCase } from "change-case";',
  'import { BlueprintIcons_16 } from "./generated/16px/blueprint-icons-16";',
  'for (const name of Object.values(BlueprintIcons_16)) {',
  'IconNamesNew[pascalCase(name)] = name;',
  'IconNamesLegacy[snakeCase(name).toUpperCase()] = name;',
  'export const IconNamesSet = new Set(Object.values(IconNames));',
];

export function lazyIconNames(): Plugin {
  return {
    name: 'vidyalaya:lazy-icon-names',
    enforce: 'pre',
    transform(code, id) {
      if (!ICON_NAMES_MODULE.test(id.split('?')[0])) return null;
      const missing = EXPECTED.filter((line) => !code.includes(line));
      if (missing.length) this.error(`@blueprintjs/icons' iconNames.js changed (no longer has ${missing.join(' / ')}): update vite-plugins/lazy-icon-names.ts`);
      return { code: LAZY_ICON_NAMES, map: null };
    },
  };
}
