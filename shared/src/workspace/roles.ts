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

/**
 * Every permission, each module's from its contract (modules/<m>.ts, collected by
 * `MODULE_CONTRACTS`, in its order). Never renamed: other clients rely on these strings.
 */
export type Permission = ModulePermission;
export const PERMISSIONS = [...MODULE_PERMISSIONS] as [Permission, ...Permission[]];

/** role → the permissions it holds. `admin` holds every permission. */
export const ROLE_PERMISSIONS: Readonly<Record<SchoolRole, readonly Permission[]>> = {
  admin: PERMISSIONS,
  office: moduleGrants('office'),
  accountant: moduleGrants('accountant'),
  teacher: moduleGrants('teacher'),
  guardian: moduleGrants('guardian'),
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
