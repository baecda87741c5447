import { registerAccessKinds } from './common/workspace/access-kinds';
import { academicYearsManifest } from './modules/academic-years/academic-years.manifest';
import { academicsManifest } from './modules/academics/academics.manifest';
import { approvalsManifest } from './modules/approvals/approvals.manifest';
import { attendanceManifest } from './modules/attendance/attendance.manifest';
import { auditManifest } from './modules/audit/audit.manifest';
import { authManifest } from './modules/auth/auth.manifest';
import { calendarManifest } from './modules/calendar/calendar.manifest';
import { certificatesManifest } from './modules/certificates/certificates.manifest';
import { contactManifest } from './modules/contact/contact.manifest';
import { examsManifest } from './modules/exams/exams.manifest';
import { feesManifest } from './modules/fees/fees.manifest';
import { guardiansManifest } from './modules/guardians/guardians.manifest';
import { healthManifest } from './modules/health/health.manifest';
import { insightsManifest } from './modules/insights/insights.manifest';
import { jobsManifest } from './modules/jobs/jobs.manifest';
import { mailManifest } from './modules/mail/mail.manifest';
import { membersManifest } from './modules/members/members.manifest';
import { messagingManifest } from './modules/messaging/messaging.manifest';
import { noticesManifest } from './modules/notices/notices.manifest';
import { onlinePaymentsManifest } from './modules/online-payments/online-payments.manifest';
import { promotionsManifest } from './modules/promotions/promotions.manifest';
import { publicManifest } from './modules/public/public.manifest';
import { schoolsManifest } from './modules/schools/schools.manifest';
import { staffManifest } from './modules/staff/staff.manifest';
import { studentsManifest } from './modules/students/students.manifest';
import { timetableManifest } from './modules/timetable/timetable.manifest';
import { workspaceManifest } from './modules/workspace/workspace.manifest';

/**
 * THE list of the back end's modules, one line each (docs/adding-a-module.md). The app's Nest
 * modules (app.module.ts), the migrations (database/migrations/index.ts), the access kinds, the
 * job names and the test route tables (OpenAPI's file routes, the route matrix's row-scoped
 * refusals) are collected from it; the error and role tables from the modules' shared contracts
 * (shared/src/modules/index.ts), which a test checks against the `contract` named here.
 */
export const MODULES = [
  healthManifest,
  mailManifest,
  authManifest,
  schoolsManifest,
  academicsManifest,
  approvalsManifest,
  contactManifest,
  publicManifest,
  workspaceManifest,
  membersManifest,
  academicYearsManifest,
  auditManifest,
  jobsManifest,
  calendarManifest,
  staffManifest,
  timetableManifest,
  studentsManifest,
  attendanceManifest,
  feesManifest,
  onlinePaymentsManifest,
  examsManifest,
  guardiansManifest,
  noticesManifest,
  insightsManifest,
  certificatesManifest,
  messagingManifest,
  promotionsManifest,
] as const;

type Manifests = (typeof MODULES)[number];

/** The names of the access kinds the modules declare (common/workspace/access-kinds.ts adds them to its own). */
export type ModuleAccessKindName = Manifests extends infer M ? (M extends { accessKinds?: infer K } ? keyof NonNullable<K> & string : never) : never;

for (const m of MODULES) if (m.accessKinds) registerAccessKinds(m.accessKinds);

/** The Nest modules, in list order. */
export const MODULE_CLASSES = MODULES.map((m) => m.module);
/** The migrations the modules carry (database/migrations/index.ts adds the older ones). */
export const MODULE_MIGRATIONS: Function[] = MODULES.flatMap((m) => [...(m.migrations ?? [])]);
/** Every job a module registers at start. */
export const MODULE_JOBS: string[] = MODULES.flatMap((m) => [...(m.jobs ?? [])]);
/** The routes that answer a file or a feed rather than the JSON envelope (the OpenAPI check). */
export const FILE_ROUTES: string[] = MODULES.flatMap((m) => [...(m.fileRoutes ?? [])]);
/** Role × route refusals by row scope past the guard (the route matrix). */
export const ROW_SCOPED_403: string[] = MODULES.flatMap((m) => [...(m.rowScoped403 ?? [])]);
