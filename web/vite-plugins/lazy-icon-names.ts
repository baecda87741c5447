import type { Plugin } from 'vite';

/** Blueprint's module of icon names, the one this plugin rewrites. */
export const ICON_NAMES_MODULE = /[\\/]@blueprintjs[\\/]icons[\\/]lib[\\/]esm[\\/]iconNames\.js$/;

/**
 * The same exports as @blueprintjs/icons' `iconNames.js`, made on first use. Blueprint builds its
 * `IconNames` map at load: two case conversions (regular expressions) for each of its 700-odd icons,
 * 80 ms of main thread on a slow phone at the workspace's start, for a map the app never reads
 * (only `IconNamesSet`, which needs no conversion, is used when an icon draws). The map is now a view
 * that builds the very same object the first time anything reads it. web/test/lazy-icon-names.spec.ts
 * compares the two and fails when Blueprint's file changes shape.
 */
export const LAZY_ICON_NAMES = `import { pascalCase, snakeCase } from "change-case";
import { BlueprintIcons_16 } from "./generated/16px/blueprint-icons-16";
let names;
function built() {
    if (names === undefined) {
        const IconNamesNew = {};
        const IconNamesLegacy = {};
        for (const name of Object.values(BlueprintIcons_16)) {
            IconNamesNew[pascalCase(name)] = name;
            IconNamesLegacy[snakeCase(name).toUpperCase()] = name;
        }
        names = { ...IconNamesNew, ...IconNamesLegacy };
    }
    return names;
}
export const IconNames = new Proxy({}, {
    get: (_, key) => built()[key],
    has: (_, key) => key in built(),
    ownKeys: () => Reflect.ownKeys(built()),
    getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(built(), key),
});
export const IconNamesSet = new Set(Object.values(BlueprintIcons_16));
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
