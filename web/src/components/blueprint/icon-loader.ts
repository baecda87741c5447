import { Icons, IconSize, type IconName, type IconPaths } from '@blueprintjs/icons';
import type { WorkspaceIcon } from './workspace-icons';

type PathsModule = { default: IconPaths };

/** A 16 px icon of the workspace's own set (workspace-icons.ts): one chunk for all of them. */
const workspaceIcon = (name: WorkspaceIcon) => () => import('./workspace-icons').then((m) => ({ default: m.WORKSPACE_ICONS[name] }));

/**
 * The icons the app draws, each its own tiny chunk per size (16 and 20 px). Blueprint's default loader
 * fetches the paths of all 2,000-odd icons of a size at once (about 80 KB brotli), which the sign-in
 * pages paid for a padlock and an envelope. An icon not listed here still works: it falls back to
 * Blueprint's own loader, so add new icons to this list to keep pages small (web/test/icon-loader.spec.ts
 * fails when an icon the code names is missing here).
 */
const ICONS: Partial<Record<IconName, [() => Promise<PathsModule>, () => Promise<PathsModule>]>> = {
  add: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/add'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/add')],
  'arrow-left': [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/arrow-left'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/arrow-left')],
  'arrow-right': [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/arrow-right'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/arrow-right')],
  'arrow-up': [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/arrow-up'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/arrow-up')],
  'bank-account': [workspaceIcon('bank-account'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/bank-account')],
  calendar: [workspaceIcon('calendar'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/calendar')],
  camera: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/camera'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/camera')],
  'caret-down': [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/caret-down'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/caret-down')],
  changes: [workspaceIcon('changes'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/changes')],
  chat: [workspaceIcon('chat'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/chat')],
  'chevron-down': [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-down'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/chevron-down')],
  'chevron-left': [workspaceIcon('chevron-left'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/chevron-left')],
  'chevron-right': [workspaceIcon('chevron-right'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/chevron-right')],
  'chevron-up': [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-up'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/chevron-up')],
  circle: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/circle'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/circle')],
  clipboard: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/clipboard'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/clipboard')],
  cog: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/cog'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/cog')],
  comment: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/comment'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/comment')],
  'credit-card': [workspaceIcon('credit-card'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/credit-card')],
  cross: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/cross'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/cross')],
  dashboard: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/dashboard'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/dashboard')],
  desktop: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/desktop'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/desktop')],
  'diagram-tree': [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/diagram-tree'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/diagram-tree')],
  disable: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/disable'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/disable')],
  document: [workspaceIcon('document'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/document')],
  'double-caret-vertical': [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/double-caret-vertical'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/double-caret-vertical')],
  download: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/download'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/download')],
  duplicate: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/duplicate'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/duplicate')],
  edit: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/edit'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/edit')],
  endorsed: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/endorsed'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/endorsed')],
  envelope: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/envelope'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/envelope')],
  error: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/error'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/error')],
  export: [workspaceIcon('export'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/export')],
  'eye-off': [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/eye-off'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/eye-off')],
  'eye-open': [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/eye-open'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/eye-open')],
  flag: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/flag'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/flag')],
  'floppy-disk': [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/floppy-disk'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/floppy-disk')],
  globe: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/globe'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/globe')],
  'grid-view': [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/grid-view'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/grid-view')],
  hand: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/hand'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/hand')],
  home: [workspaceIcon('home'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/home')],
  'id-number': [workspaceIcon('id-number'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/id-number')],
  import: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/import'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/import')],
  inbox: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/inbox'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/inbox')],
  'info-sign': [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/info-sign'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/info-sign')],
  key: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/key'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/key')],
  'layout-grid': [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/layout-grid'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/layout-grid')],
  learning: [workspaceIcon('learning'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/learning')],
  link: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/link'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/link')],
  lock: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/lock'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/lock')],
  'log-in': [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/log-in'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/log-in')],
  'log-out': [workspaceIcon('log-out'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/log-out')],
  manual: [workspaceIcon('manual'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/manual')],
  'map-marker': [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/map-marker'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/map-marker')],
  menu: [workspaceIcon('menu'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/menu')],
  'mobile-phone': [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/mobile-phone'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/mobile-phone')],
  'new-layers': [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/new-layers'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/new-layers')],
  'new-person': [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/new-person'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/new-person')],
  notifications: [workspaceIcon('notifications'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/notifications')],
  office: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/office'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/office')],
  offline: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/offline'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/offline')],
  people: [workspaceIcon('people'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/people')],
  person: [workspaceIcon('person'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/person')],
  phone: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/phone'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/phone')],
  print: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/print'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/print')],
  refresh: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/refresh'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/refresh')],
  remove: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/remove'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/remove')],
  search: [workspaceIcon('search'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/search')],
  'send-message': [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/send-message'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/send-message')],
  share: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/share'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/share')],
  shield: [workspaceIcon('shield'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/shield')],
  'small-cross': [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/small-cross'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/small-cross')],
  'swap-horizontal': [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/swap-horizontal'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/swap-horizontal')],
  th: [workspaceIcon('th'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/th')],
  'th-list': [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/th-list'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/th-list')],
  tick: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/tick'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/tick')],
  'tick-circle': [workspaceIcon('tick-circle'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/tick-circle')],
  time: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/time'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/time')],
  'timeline-bar-chart': [workspaceIcon('timeline-bar-chart'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/timeline-bar-chart')],
  'timeline-events': [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/timeline-events'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/timeline-events')],
  trash: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/trash'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/trash')],
  undo: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/undo'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/undo')],
  unlock: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/unlock'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/unlock')],
  upload: [() => import('@blueprintjs/icons/lib/esm/generated/16px/paths/upload'), () => import('@blueprintjs/icons/lib/esm/generated/20px/paths/upload')],
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
