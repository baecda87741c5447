import type { Permission } from '@vidyalaya/shared';
import type { RouteObject } from 'react-router';
import type { WorkspaceSlots } from './slots';

/** A sidebar entry of the workspace: a section under /workspace/{schoolId}/. */
export interface NavEntry {
  /** The section's key; its label is `nav.<key>` in the workspace's catalogue (features/workspace/i18n). */
  key: string;
  /** Path under /workspace/{schoolId}/ ('' for the home page). */
  path: string;
  icon: string;
  /** The permission that shows it (shared/src/workspace/roles.ts): an allow-list, nothing by default. */
  permission: Permission;
  /** Who it is for: the school's staff, or a guardian (who sees only their own children). */
  audience: 'all' | 'staff' | 'guardian';
  /** Whether the page is a module still to come (an empty state that says what to do next). */
  comingSoon: boolean;
  /** Placed right after this entry of the sidebar; at the end when absent. */
  after?: string;
}

/**
 * Everything a web feature registers, in one object (`features/<f>/feature.ts`), listed once in
 * app/features.ts: its pages under /workspace/{schoolId}/, its pages on a school's portal, its
 * sidebar entries and its slots (tabs, actions and home cards it shows on other features' screens).
 * Routes and slots load lazily, so the list costs the first page nothing.
 */
export interface WorkspaceFeature {
  name: string;
  /** Pages under /workspace/{schoolId}/, each `lazy`. */
  routes?: RouteObject[];
  /** Public pages on the school's own host (the admission form, a certificate's check, a pay link). */
  portalRoutes?: RouteObject[];
  nav?: readonly NavEntry[];
  /** Its slots (lib/workspace/slots.tsx), loaded with the workspace. */
  slots?: () => Promise<Partial<Omit<WorkspaceSlots, 'nav'>>>;
}

export const defineFeature = (feature: WorkspaceFeature): WorkspaceFeature => feature;
