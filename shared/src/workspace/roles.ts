import { MODULE_PERMISSIONS, moduleGrants, type ModulePermission } from '../modules/index';

/**
 * Roles in a school and what each may do: the one permission matrix, read by the server's
 * workspace guard and by the renderer's sidebar (DECISIONS "The school workspace: People and roles").
 * A role is looked up per school on every request; it is never carried in a token.
 * Row scoping (a teacher's own sections, a guardian's own children) is the access service's job,
 * on top of these permissions.
 */
export const SCHOOL_ROLES = ['admin', 'office', 'accountant', 'teacher', 'guardian'] as const;
export type SchoolRole = (typeof SCHOOL_ROLES)[number];

const CORE_PERMISSIONS = [
  'school.read', // the workspace home, the school's profile
  'members.read',
  'members.manage', // invite, change role, remove
  'audit.read',
  'academicYears.read',
  'academicYears.manage',
  'jobs.read',
  'students.read', // teachers: their sections (read-only); guardians: their own children
  'students.write',
  'students.import',
  'students.revealAadhaar',
  'admissions.manage',
  'staff.read',
  'staff.manage',
  'timetable.read',
  'timetable.manage',
  'calendar.read',
  'calendar.manage',
  'attendance.read',
  'attendance.mark', // teachers: the sections assigned to them
  'attendance.manage', // the school's attendance settings (absence e-mails)
  'exams.manage',
  'marks.enter', // teachers: the subjects assigned to them
  'results.read',
  'results.publish',
  'fees.read', // guardians: their own children's dues and receipts
  'fees.manage',
  'fees.collect',
  'notices.read',
  'notices.manage',
  'consents.read',
  'consents.manage', // the office: resolve guardians' data requests
  'guardians.invite', // invite a student's guardians (from the record, or a whole class or section)
  'consents.record', // guardians: their own children's consents; the office: from a paper form
  'dataRequests.create', // guardians: ask for a correction or erasure of their child's data
] as const;

/**
 * Every permission: the core ones above, then each module's from its contract (modules/<m>.ts,
 * collected by `MODULE_CONTRACTS`). Never renamed: other clients rely on these strings.
 */
export type Permission = (typeof CORE_PERMISSIONS)[number] | ModulePermission;
export const PERMISSIONS = [...CORE_PERMISSIONS, ...MODULE_PERMISSIONS] as [Permission, ...Permission[]];

const STAFF_READ: Permission[] = [
  'school.read',
  'academicYears.read',
  'jobs.read',
  'timetable.read',
  'calendar.read',
  'notices.read',
  'staff.read',
];

/** role → the core permissions it holds; the modules' grants are added below. */
const CORE_ROLE_PERMISSIONS: Readonly<Record<Exclude<SchoolRole, 'admin'>, readonly Permission[]>> = {
  office: [
    ...STAFF_READ,
    'members.read',
    'students.read',
    'students.write',
    'students.import',
    'admissions.manage',
    'calendar.manage',
    'attendance.read',
    'attendance.mark',
    'results.read',
    'notices.manage',
    'consents.read',
    'consents.manage',
    'guardians.invite',
    'consents.record',
  ],
  accountant: [...STAFF_READ, 'students.read', 'fees.read', 'fees.manage', 'fees.collect'],
  teacher: [...STAFF_READ, 'students.read', 'attendance.read', 'attendance.mark', 'marks.enter', 'results.read'],
  guardian: [
    'school.read',
    'academicYears.read',
    'students.read',
    'timetable.read',
    'calendar.read',
    'attendance.read',
    'results.read',
    'fees.read',
    'notices.read',
    'consents.read',
    'consents.record',
    'dataRequests.create',
  ],
};

/** role → the permissions it holds. `admin` holds every permission. */
export const ROLE_PERMISSIONS: Readonly<Record<SchoolRole, readonly Permission[]>> = {
  admin: PERMISSIONS,
  office: [...CORE_ROLE_PERMISSIONS.office, ...moduleGrants('office')],
  accountant: [...CORE_ROLE_PERMISSIONS.accountant, ...moduleGrants('accountant')],
  teacher: [...CORE_ROLE_PERMISSIONS.teacher, ...moduleGrants('teacher')],
  guardian: [...CORE_ROLE_PERMISSIONS.guardian, ...moduleGrants('guardian')],
};

export function isSchoolRole(value: unknown): value is SchoolRole {
  return typeof value === 'string' && (SCHOOL_ROLES as readonly string[]).includes(value);
}

export function roleHas(role: SchoolRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

export function permissionsOf(role: SchoolRole): Permission[] {
  return [...ROLE_PERMISSIONS[role]];
}
