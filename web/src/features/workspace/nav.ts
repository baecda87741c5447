import { roleHas, type Permission, type SchoolRole } from '@vidyalaya/shared';

/** The workspace's sections. Each is a route under /workspace/{schoolId}/ and a sidebar entry. */
export type SectionKey = 'home' | 'myChildren' | 'students' | 'staff' | 'timetable' | 'calendar' | 'attendance' | 'exams' | 'fees' | 'notices' | 'members' | 'dataRequests' | 'certificates' | 'yearEnd' | 'insights' | 'messaging' | 'messagePreferences' | 'payments' | 'academicYears';

export interface NavItem {
  key: SectionKey;
  /** Path under /workspace/{schoolId}/ ('' for the home page). */
  path: string;
  icon: string;
  /** The permission that shows it (shared/src/workspace/roles.ts): an allow-list, nothing by default. */
  permission: Permission;
  /** Who it is for: the school's staff, or a guardian (who sees only their own children). */
  audience: 'all' | 'staff' | 'guardian';
  /** Whether the page is a module still to come (an empty state that says what to do next). */
  comingSoon: boolean;
}

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
  { key: 'messaging', path: 'messaging', icon: 'chat', permission: 'messaging.manage', audience: 'staff', comingSoon: false },
  { key: 'messagePreferences', path: 'message-preferences', icon: 'chat', permission: 'school.read', audience: 'guardian', comingSoon: false },
  { key: 'members', path: 'members', icon: 'people', permission: 'members.read', audience: 'staff', comingSoon: false },
  { key: 'academicYears', path: 'academic-years', icon: 'calendar', permission: 'academicYears.manage', audience: 'staff', comingSoon: false },
  { key: 'dataRequests', path: 'data-requests', icon: 'shield', permission: 'consents.read', audience: 'staff', comingSoon: false },
  { key: 'certificates', path: 'certificates', icon: 'document', permission: 'certificates.issue', audience: 'staff', comingSoon: false },
  { key: 'yearEnd', path: 'year-end', icon: 'changes', permission: 'promotions.manage', audience: 'staff', comingSoon: false },
  { key: 'payments', path: 'payments', icon: 'credit-card', permission: 'fees.collect', audience: 'staff', comingSoon: false },
  { key: 'insights', path: 'insights', icon: 'timeline-bar-chart', permission: 'insights.read', audience: 'staff', comingSoon: false },
];

/**
 * The sidebar for a role: only what the role's permissions allow (a teacher never sees fees), a
 * guardian only their children and the notices. Before approval the school has nothing but its
 * home page, which shows the setup and approval status.
 */
export function navFor(role: SchoolRole, approved: boolean): NavItem[] {
  if (!approved) return NAV_ITEMS.filter((i) => i.key === 'home');
  return NAV_ITEMS.filter((item) => {
    if (item.audience === 'guardian' && role !== 'guardian') return false;
    if (item.audience === 'staff' && role === 'guardian') return false;
    return roleHas(role, item.permission);
  });
}

/** The nav item a path segment names, if the role may open it. */
export function sectionFor(role: SchoolRole, approved: boolean, segment: string): NavItem | undefined {
  return navFor(role, approved).find((i) => i.path === segment);
}
