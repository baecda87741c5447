import type { ModuleContract } from './contract';
import { WORKSPACE_CONTRACT } from './workspace';
import { MEMBERS_CONTRACT } from './members';
import { AUDIT_CONTRACT } from './audit';
import { ACADEMIC_YEARS_CONTRACT } from './academic-years';
import { JOBS_CONTRACT } from './jobs';
import { STUDENTS_CONTRACT } from './students';
import { STAFF_CONTRACT } from './staff';
import { TIMETABLE_CONTRACT } from './timetable';
import { CALENDAR_CONTRACT } from './calendar';
import { ATTENDANCE_CONTRACT } from './attendance';
import { EXAMS_CONTRACT } from './exams';
import { FEES_CONTRACT } from './fees';
import { NOTICES_CONTRACT } from './notices';
import { GUARDIANS_CONTRACT } from './guardians';
import { CERTIFICATES_CONTRACT } from './certificates';
import { INSIGHTS_CONTRACT } from './insights';
import { MESSAGING_CONTRACT } from './messaging';
import { ONLINE_PAYMENTS_CONTRACT } from './online-payments';
import { PROMOTIONS_CONTRACT } from './promotions';

/**
 * THE list of the modules' contracts (error codes, permissions, grants): one line per module.
 * `ERROR_CODES` (api/error-codes.ts) and `PERMISSIONS` / `ROLE_PERMISSIONS` (workspace/roles.ts)
 * are collected from it. The order is the role table's order of the permissions. Every workspace
 * module has one; the onboarding domains keep their codes beside their schemas (`<domain>/errors.ts`).
 */
export const MODULE_CONTRACTS = [
  WORKSPACE_CONTRACT,
  MEMBERS_CONTRACT,
  AUDIT_CONTRACT,
  ACADEMIC_YEARS_CONTRACT,
  JOBS_CONTRACT,
  STUDENTS_CONTRACT,
  STAFF_CONTRACT,
  TIMETABLE_CONTRACT,
  CALENDAR_CONTRACT,
  ATTENDANCE_CONTRACT,
  EXAMS_CONTRACT,
  FEES_CONTRACT,
  NOTICES_CONTRACT,
  GUARDIANS_CONTRACT,
  ONLINE_PAYMENTS_CONTRACT,
  INSIGHTS_CONTRACT,
  CERTIFICATES_CONTRACT,
  MESSAGING_CONTRACT,
  PROMOTIONS_CONTRACT,
] as const satisfies readonly ModuleContract<any, any>[];

type Contracts = (typeof MODULE_CONTRACTS)[number];
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** Every module's error codes, one object. */
export type ModuleErrors = UnionToIntersection<Contracts['errors']>;
export const MODULE_ERRORS = Object.assign({}, ...MODULE_CONTRACTS.map((c) => c.errors)) as ModuleErrors;

/** Every module's permissions, in list order. */
export type ModulePermission = Contracts['permissions'][number];
export const MODULE_PERMISSIONS: readonly ModulePermission[] = MODULE_CONTRACTS.flatMap((c) => c.permissions);

/** The module permissions a role holds (admin holds them all through PERMISSIONS). */
export function moduleGrants(role: keyof ModuleContract['grants']): ModulePermission[] {
  return MODULE_CONTRACTS.flatMap((c) => (c.grants as ModuleContract['grants'])[role] ?? []) as ModulePermission[];
}

export type { GrantableRole, ModuleContract } from './contract';
export { defineContract } from './contract';
export { WORKSPACE_CONTRACT } from './workspace';
export { MEMBERS_CONTRACT } from './members';
export { AUDIT_CONTRACT } from './audit';
export { ACADEMIC_YEARS_CONTRACT } from './academic-years';
export { JOBS_CONTRACT } from './jobs';
export { STUDENTS_CONTRACT } from './students';
export { STAFF_CONTRACT } from './staff';
export { TIMETABLE_CONTRACT } from './timetable';
export { CALENDAR_CONTRACT } from './calendar';
export { ATTENDANCE_CONTRACT } from './attendance';
export { EXAMS_CONTRACT } from './exams';
export { FEES_CONTRACT } from './fees';
export { NOTICES_CONTRACT } from './notices';
export { GUARDIANS_CONTRACT } from './guardians';
export { CERTIFICATES_CONTRACT } from './certificates';
export { INSIGHTS_CONTRACT } from './insights';
export { MESSAGING_CONTRACT } from './messaging';
export { ONLINE_PAYMENTS_CONTRACT } from './online-payments';
export { PROMOTIONS_CONTRACT } from './promotions';
