import { Icons, IconSize, type IconName, type IconPaths } from '@blueprintjs/icons';
import bankAccount from '@blueprintjs/icons/lib/esm/generated/16px/paths/bank-account';
import calendar from '@blueprintjs/icons/lib/esm/generated/16px/paths/calendar';
import changes from '@blueprintjs/icons/lib/esm/generated/16px/paths/changes';
import chat from '@blueprintjs/icons/lib/esm/generated/16px/paths/chat';
import chevronLeft from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-left';
import chevronRight from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-right';
import creditCard from '@blueprintjs/icons/lib/esm/generated/16px/paths/credit-card';
import documentIcon from '@blueprintjs/icons/lib/esm/generated/16px/paths/document';
import exportIcon from '@blueprintjs/icons/lib/esm/generated/16px/paths/export';
import home from '@blueprintjs/icons/lib/esm/generated/16px/paths/home';
import idNumber from '@blueprintjs/icons/lib/esm/generated/16px/paths/id-number';
import learning from '@blueprintjs/icons/lib/esm/generated/16px/paths/learning';
import logOut from '@blueprintjs/icons/lib/esm/generated/16px/paths/log-out';
import manual from '@blueprintjs/icons/lib/esm/generated/16px/paths/manual';
import menu from '@blueprintjs/icons/lib/esm/generated/16px/paths/menu';
import notifications from '@blueprintjs/icons/lib/esm/generated/16px/paths/notifications';
import people from '@blueprintjs/icons/lib/esm/generated/16px/paths/people';
import person from '@blueprintjs/icons/lib/esm/generated/16px/paths/person';
import search from '@blueprintjs/icons/lib/esm/generated/16px/paths/search';
import shield from '@blueprintjs/icons/lib/esm/generated/16px/paths/shield';
import th from '@blueprintjs/icons/lib/esm/generated/16px/paths/th';
import tickCircle from '@blueprintjs/icons/lib/esm/generated/16px/paths/tick-circle';
import timelineBarChart from '@blueprintjs/icons/lib/esm/generated/16px/paths/timeline-bar-chart';

/**
 * The 16 px icons of the workspace's shell (its header and every navigation entry) and of its lists
 * (search, export, the pager's chevrons), in one chunk that the shell imports. They are put in
 * Blueprint's icon cache while the shell's module loads, so the shell draws them in its first render:
 * without this, each was a chunk of its own, fetched by one `import()` per icon in the render that
 * commits the shell, and drawn by a second render when it arrived (docs/performance.md, round six).
 * The icon loader (icon-loader.ts) takes the 16 px paths of these icons from here too, so each icon's
 * paths exist once in the build.
 */
export const WORKSPACE_ICONS = {
  'bank-account': bankAccount,
  calendar,
  changes,
  chat,
  'chevron-left': chevronLeft,
  'chevron-right': chevronRight,
  'credit-card': creditCard,
  document: documentIcon,
  export: exportIcon,
  home,
  'id-number': idNumber,
  learning,
  'log-out': logOut,
  manual,
  menu,
  notifications,
  people,
  person,
  search,
  shield,
  th,
  'tick-circle': tickCircle,
  'timeline-bar-chart': timelineBarChart,
} satisfies Partial<Record<IconName, IconPaths>>;

export type WorkspaceIcon = keyof typeof WORKSPACE_ICONS;

// Resolves within the same task: the loader answers from the table above, nothing is fetched.
void Icons.load(Object.keys(WORKSPACE_ICONS) as WorkspaceIcon[], IconSize.STANDARD, {
  loader: async (name) => WORKSPACE_ICONS[name as WorkspaceIcon],
});
