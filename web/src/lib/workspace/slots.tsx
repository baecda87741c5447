import type { Permission, SchoolRole } from '@vidyalaya/shared';
import type { Student } from '@vidyalaya/shared/students';
import { createContext, useContext, type ComponentType } from 'react';
import type { NavEntry } from './feature';

/**
 * Places where one feature shows another's work without importing it (features never import each
 * other): a tab on the student's profile (attendance, marks, fees), an action on the student's record
 * (invite the guardians), a card on the workspace home page (notices, today's attendance). Each
 * feature exports its slots from features/<name>/slots.tsx; app/workspace-slots.tsx lists them and
 * provides them here. Components in a slot load lazily (React.lazy), so listing them costs nothing.
 */
export interface StudentTabSlot {
  id: string;
  /** Shown when the caller's role has this permission. */
  permission: Permission;
  /**
   * The tab's title, in the feature's own catalogue. Usually lazy (React.lazy), so that the catalogue
   * loads with the profile and not before every workspace page's first paint (issue 37): the profile
   * shows "…" until it is there.
   */
  Title: ComponentType;
  Panel: ComponentType<{ schoolId: string; student: Student }>;
}

export interface StudentActionSlot {
  id: string;
  permission: Permission;
  Action: ComponentType<{ schoolId: string; student: Student }>;
}

export interface HomeCardSlot {
  id: string;
  /** The roles whose home page shows the card (after the role's own content). */
  roles: readonly SchoolRole[];
  Card: ComponentType<{ schoolId: string }>;
}

export interface WorkspaceSlots {
  studentTabs: readonly StudentTabSlot[];
  studentActions: readonly StudentActionSlot[];
  homeCards: readonly HomeCardSlot[];
  /** The module features' sidebar entries (features/<f>/feature.ts), placed among the workspace's own. */
  nav: readonly NavEntry[];
}

const NONE: WorkspaceSlots = { studentTabs: [], studentActions: [], homeCards: [], nav: [] };
export const WorkspaceSlotsContext = createContext<WorkspaceSlots>(NONE);
export const useWorkspaceSlots = () => useContext(WorkspaceSlotsContext);
