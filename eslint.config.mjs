// The linter's one job here is structure: the import boundaries between the parts of the code,
// no import cycles, no arrow running up (shared → apps, database → modules, lib → app), no unused
// names, the typed store hooks. `npm run lint` runs it; `npm test`
// runs it after the type checks; scripts/lint/lint.spec.ts proves each rule fires on a
// deliberately bad fixture (scripts/lint/fixtures/) and that the real tree is clean.
// The boundaries are computed from the folders, so a new web feature or back-end module is covered
// without editing this file. Style is left to the formatter and the reviews.
import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = dirname(fileURLToPath(import.meta.url));

/** The folders directly inside `dir` (relative to the repository root). */
const foldersIn = (dir) => {
  try {
    return readdirSync(join(root, dir)).filter((name) => statSync(join(root, dir, name)).isDirectory());
  } catch {
    return [];
  }
};

/** The files directly inside `dir`. */
const filesIn = (dir) => {
  try {
    return readdirSync(join(root, dir)).filter((name) => statSync(join(root, dir, name)).isFile());
  } catch {
    return [];
  }
};

/**
 * Build the zones of the boundary rule for one tree (`base` is `''` for the repository, or the
 * fixtures' folder, which mirrors the repository's layout).
 */
export function boundaryZones(base = '') {
  const at = (p) => (base ? `${base}/${p}` : p);
  const features = foldersIn(at('web/src/features'));
  const modules = foldersIn(at('backend/src/modules'));
  return [
    // web: a feature is self-contained; it reaches others only through lib/ and components/.
    ...features.map((feature) => ({
      target: at(`web/src/features/${feature}`),
      from: at('web/src/features'),
      except: [`./${feature}`],
      message: 'A feature never imports another feature: move what both need to lib/ or components/.',
    })),
    {
      target: at('web/src/features'),
      from: at('web/src/app'),
      message: 'A feature never imports app/: the store hooks are in lib/store/hooks.ts.',
    },
    {
      target: [at('web/src/components'), at('web/src/lib')],
      from: at('web/src/features'),
      message: 'components/ and lib/ are shared by every feature and never import one.',
    },
    // back end: common/ is below every module.
    {
      target: at('backend/src/common'),
      from: at('backend/src/modules'),
      // No exception: the tenancy guard asks `SchoolOwnership` (declared in common/tenancy,
      // provided by the schools module).
      message: 'common/ never imports a module.',
    },
    // shared/ is below the back end, the renderer and the desktop app: it imports none of them.
    {
      target: at('shared/src'),
      from: [at('backend'), at('web'), at('desktop')],
      message: 'shared/ is the contract below every app: it never imports the back end, the renderer or the desktop app.',
    },
    // back end: database/ is below the modules (only the onboarding entities are still listed from their modules).
    {
      target: at('backend/src/database'),
      from: at('backend/src/modules'),
      except: modules.flatMap((m) => filesIn(at(`backend/src/modules/${m}`)).filter((f) => f.endsWith('.entity.ts')).map((f) => `./${m}/${f}`)),
      message: 'database/ never imports a module (entities excepted): a module uses the database, not the other way round.',
    },
    // web: lib/ and components/ are below app/ (the store's types excepted, which the typed hooks need).
    {
      target: [at('web/src/components'), at('web/src/lib')],
      from: at('web/src/app'),
      except: ['./store.ts'],
      message: 'components/ and lib/ never import app/: app/ composes them.',
    },
    // back end: a module reaches another only through its service or its index.
    ...modules.map((module) => ({
      target: at(`backend/src/modules/${module}`),
      from: at('backend/src/modules'),
      except: [
        `./${module}`,
        ...modules.filter((m) => m !== module).flatMap((m) => [`./${m}/${m}.service.ts`, `./${m}/${m}.module.ts`, `./${m}/index.ts`]),
      ],
      message: "A module imports another module only through that module's index.ts, its service or its Nest module.",
    })),
  ];
}

/** Every rule that is about structure; the lint test reuses it with the fixtures' zones. */
export function structureRules(zones) {
  return {
    '@typescript-eslint/no-unused-vars': [
      'error',
      { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
    ],
    'import-x/no-restricted-paths': ['error', { zones }],
    'import-x/no-cycle': ['error', { ignoreExternal: true }],
  };
}

/** A migration is what it ran as: it imports typeorm only, never a live constant (inline the values). */
export const selfContainedMigrations = {
  'no-restricted-imports': [
    'error',
    { patterns: [{ regex: '^(?!typeorm$)', message: 'A migration imports nothing but typeorm: inline the values it needs.' }] },
  ],
};

export const typedHooksOnly = {
  'no-restricted-imports': [
    'error',
    {
      paths: [
        {
          name: 'react-redux',
          importNames: ['useSelector', 'useDispatch'],
          message: 'Use the typed useAppSelector / useAppDispatch from lib/store/hooks.ts.',
        },
      ],
    },
  ],
};

export const languageAndPlugins = [
  {
    languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
    plugins: { '@typescript-eslint': tseslint.plugin, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.json'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
];

export default [
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/build/**', '**/out/**', '**/release/**', 'scripts/lint/fixtures/**', '**/*.d.ts', '**/coverage/**'],
  },
  ...languageAndPlugins,
  {
    files: ['{shared,backend,web,desktop,e2e}/**/*.{ts,tsx}'],
    rules: structureRules(boundaryZones()),
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/lib/store/hooks.ts'],
    rules: typedHooksOnly,
  },
  {
    files: ['backend/src/database/migrations/*.ts'],
    ignores: ['backend/src/database/migrations/index.ts'],
    rules: selfContainedMigrations,
  },
  {
    // React's rules of hooks: a hook called after an early return, or under a condition, throws when a
    // render calls fewer hooks than the one before (session 23 shipped one, in a guardian's page, and
    // caught it only in review). Only this rule: the plugin's compiler-based rules are not adopted.
    files: ['web/src/**/*.tsx', 'web/src/**/*.ts', 'desktop/src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error' },
  },
];
