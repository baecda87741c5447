import { Icons, IconSize, type IconName, type IconPaths } from '@blueprintjs/icons';

type PathsModule = { default: IconPaths };

/**
 * The icons the app draws, each its own tiny chunk per size (16 and 20 px). Blueprint's default loader
 * fetches the paths of all 2,000-odd icons of a size at once (about 80 KB brotli), which the sign-in
 * pages paid for a padlock and an envelope. An icon not listed here still works: it falls back to
 * Blueprint's own loader, so add new icons to this list to keep pages small.
 */
const ICONS: Partial<Record<IconName, [() => Promise<PathsModule>, () => Promise<PathsModule>]>> = {
  add: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/add'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/add')],
  'arrow-left': [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/arrow-left'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/arrow-left')],
  'arrow-right': [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/arrow-right'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/arrow-right')],
  calendar: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/calendar'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/calendar')],
  'caret-down': [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/caret-down'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/caret-down')],
  'chevron-down': [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-down'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/chevron-down')],
  'chevron-left': [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-left'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/chevron-left')],
  'chevron-right': [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-right'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/chevron-right')],
  'chevron-up': [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-up'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/chevron-up')],
  circle: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/circle'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/circle')],
  clipboard: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/clipboard'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/clipboard')],
  cog: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/cog'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/cog')],
  cross: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/cross'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/cross')],
  disable: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/disable'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/disable')],
  'double-caret-vertical': [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/double-caret-vertical'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/double-caret-vertical')],
  edit: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/edit'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/edit')],
  endorsed: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/endorsed'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/endorsed')],
  envelope: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/envelope'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/envelope')],
  error: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/error'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/error')],
  'eye-off': [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/eye-off'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/eye-off')],
  'eye-open': [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/eye-open'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/eye-open')],
  globe: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/globe'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/globe')],
  'info-sign': [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/info-sign'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/info-sign')],
  key: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/key'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/key')],
  learning: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/learning'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/learning')],
  lock: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/lock'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/lock')],
  'log-in': [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/log-in'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/log-in')],
  'log-out': [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/log-out'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/log-out')],
  'map-marker': [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/map-marker'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/map-marker')],
  menu: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/menu'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/menu')],
  office: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/office'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/office')],
  phone: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/phone'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/phone')],
  refresh: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/refresh'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/refresh')],
  search: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/search'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/search')],
  share: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/share'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/share')],
  'small-cross': [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/small-cross'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/small-cross')],
  'th-list': [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/th-list'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/th-list')],
  tick: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/tick'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/tick')],
  'tick-circle': [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/tick-circle'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/tick-circle')],
  time: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/time'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/time')],
  trash: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/trash'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/trash')],
  user: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/user'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/user')],
  'warning-sign': [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/warning-sign'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/warning-sign')],
};

/** Installs the loader; loaded with every route that uses Blueprint's components (app/routes.tsx). */
Icons.setLoaderOptions({
  loader: async (name, size) => {
    const entry = ICONS[name];
    if (entry) return (await entry[size === IconSize.LARGE ? 1 : 0]()).default;
    const { splitPathsBySizeLoader } = await import('@blueprintjs/icons/lib/esm/paths-loaders/splitPathsBySizeLoader');
    return splitPathsBySizeLoader(name, size);
  },
});
