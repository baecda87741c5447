/**
 * Roles in a school and what each may do: the one permission matrix, read by the server's
 * workspace guard and by the renderer's sidebar (DECISIONS "The school workspace: People and roles").
 * A role is looked up per school on every request; it is never carried in a token.
 * Row scoping (a teacher's own sections, a guardian's own children) is the access service's job,
 * on top of these permissions.
 */
export const SCHOOL_ROLES = ['admin', 'office', 'accountant', 'teacher', 'guardian'] as const;
export type SchoolRole = (typeof SCHOOL_ROLES)[number];

export const PERMISSIONS = [
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
  'payments.gateway', // the school's payment gateway keys (admin only)
  'payments.pay', // open and confirm an online payment (guardians: their own children)
  'payments.links', // send a guardian a pay link for a child's dues
  'insights.read', // the insights page in the menu (admin, office, accountant); each chart needs its own permission below
  'insights.attendance', // the principal's insights: attendance over time, by class, under 75 %
  'insights.fees', // dues against collections by month, by mode, the ageing of what is unpaid
  'insights.results', // an exam's grade distribution per subject and section means
  'insights.strength', // strength by class (boys, girls, RTE, CWSN: the UDISE+ view)
  'certificates.issue', // transfer, bonafide and character certificates, the register, ID cards
  'messaging.manage', // SMS/WhatsApp to families: provider, templates, the message log (admin)
  'promotions.manage', // year end: the promotion draft, apply and undo (admin only)
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const STAFF_READ: Permission[] = [
  'school.read',
  'academicYears.read',
  'jobs.read',
  'timetable.read',
  'calendar.read',
  'notices.read',
  'staff.read',
];

/** role → the permissions it holds. `admin` holds every permission. */
export const ROLE_PERMISSIONS: Readonly<Record<SchoolRole, readonly Permission[]>> = {
  admin: PERMISSIONS,
  office: [
    ...STAFF_READ,
    'members.read',
    'students.read',
    'students.write',
    'students.import',
    'admissions.manage',
    'calendar.manage',
    'insights.read',
    'insights.attendance',
    'insights.strength',
    'attendance.read',
    'attendance.mark',
    'results.read',
    'notices.manage',
    'consents.read',
    'consents.manage',
    'guardians.invite',
    'consents.record',
    'certificates.issue',
    'payments.pay',
    'payments.links',
  ],
  accountant: [...STAFF_READ, 'students.read', 'fees.read', 'fees.manage', 'fees.collect', 'insights.read', 'insights.fees', 'payments.pay', 'payments.links'],
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
    'payments.pay',
  ],
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
