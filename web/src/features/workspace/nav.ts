import { roleHas, type SchoolRole } from '@vidyalaya/shared';
import type { NavEntry } from '../../lib/workspace/feature';

/**
 * The workspace's sections. Each is a route under /workspace/{schoolId}/ and a sidebar entry. The
 * workspace's own are below; the module features add theirs in their `feature.ts` (`nav`), which
 * reach the shell through the slots context (app/workspace-slots.tsx).
 */
export type SectionKey = 'home' | 'myChildren' | 'students' | 'staff' | 'timetable' | 'calendar' | 'attendance' | 'exams' | 'fees' | 'notices' | 'members' | 'dataRequests' | 'certificates' | 'yearEnd' | 'insights' | 'messaging' | 'messagePreferences' | 'payments' | 'academicYears';

export type NavItem = NavEntry;

/** The workspace's own sections, in sidebar order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { key: 'home', path: '', icon: 'home', permission: 'school.read', audience: 'all', comingSoon: false },
  { key: 'myChildren', path: 'my-children', icon: 'person', permission: 'students.read', audience: 'guardian', comingSoon: false },
  { key: 'students', path: 'students', icon: 'people', permission: 'students.read', audience: 'staff', comingSoon: false },
  { key: 'staff', path: 'staff', icon: 'id-number', permission: 'staff.read', audience: 'staff', comingSoon: false },
  { key: 'timetable', path: 'timetable', icon: 'th', permission: 'timetable.read', audience: 'staff', comingSoon: false },
  { key: 'calendar', path: 'calendar', icon: 'calendar', permission: 'calendar.read', audience: 'all', comingSoon: false },
  { key: 'attendance', path: 'attendance', icon: 'tick-circle', permission: 'attendance.read', audience: 'staff', comingSoon: false },
  { key: 'exams', path: 'exams', icon: 'manual', permission: 'results.read', audience: 'staff', comingSoon: false },
  { key: 'fees', path: 'fees', icon: 'bank-account', permission: 'fees.read', audience: 'staff', comingSoon: false },
  { key: 'notices', path: 'notices', icon: 'notifications', permission: 'notices.read', audience: 'all', comingSoon: false },
  { key: 'members', path: 'members', icon: 'people', permission: 'members.read', audience: 'staff', comingSoon: false },
  { key: 'academicYears', path: 'academic-years', icon: 'calendar', permission: 'academicYears.manage', audience: 'staff', comingSoon: false },
  { key: 'dataRequests', path: 'data-requests', icon: 'shield', permission: 'consents.read', audience: 'staff', comingSoon: false },
];

/**
 * The sidebar for a role: only what the role's permissions allow (a teacher never sees fees), a
 * guardian only their children and the notices. Before approval the school has nothing but its
 * home page, which shows the setup and approval status.
 */
export function navFor(role: SchoolRole, approved: boolean, features: readonly NavEntry[] = []): NavItem[] {
  if (!approved) return NAV_ITEMS.filter((i) => i.key === 'home');
  return allSections(features).filter((item) => {
    if (item.audience === 'guardian' && role !== 'guardian') return false;
    if (item.audience === 'staff' && role === 'guardian') return false;
    return roleHas(role, item.permission);
  });
}

/** The nav item a path segment names, if the role may open it. */
export function sectionFor(role: SchoolRole, approved: boolean, segment: string, features: readonly NavEntry[] = []): NavItem | undefined {
  return navFor(role, approved, features).find((i) => i.path === segment);
}

/** The workspace's sections and the features' entries, each right after the entry it names (else at the end). */
export function allSections(features: readonly NavEntry[]): NavItem[] {
  const items: NavItem[] = [...NAV_ITEMS];
  let pending = [...features];
  // An entry may name another feature's entry: what names one not placed yet waits for the next pass.
  while (pending.length) {
    const waiting = pending.filter((e) => e.after !== undefined && !items.some((i) => i.key === e.after));
    if (waiting.length === pending.length) break;
    for (const e of pending) {
      if (waiting.includes(e)) continue;
      items.splice(e.after === undefined ? items.length : items.findIndex((i) => i.key === e.after) + 1, 0, e);
    }
    pending = waiting;
  }
  return [...items, ...pending];
}
