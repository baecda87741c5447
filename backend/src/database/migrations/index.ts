import { MODULE_MIGRATIONS } from '../../app.manifest';
import { Users1763800000000 } from './1763800000000-users';
import { RateLimits1763800000100 } from './1763800000100-rate-limits';
import { AuthCodesAndSessions1763800001000 } from './1763800001000-auth-codes-and-sessions';
import { Schools1763800002000 } from './1763800002000-schools';
import { Academics1763800002100 } from './1763800002100-academics';
import { ContactMessages1763800002200 } from './1763800002200-contact-messages';
import { SchoolSummaries1763800003000 } from './1763800003000-school-summaries';
import { Workspace1764100000000 } from './1764100000000-workspace';
import { SchoolAffiliationNumber1764200000000 } from './1764200000000-school-affiliation-number';
import { StaffTimetableCalendar1764400000000 } from './1764400000000-staff-timetable-calendar';
import { GuardiansNotices1764800000000 } from './1764800000000-guardians-notices';
import { UsernameSkeleton1765900000000 } from './1765900000000-username-skeleton';

/**
 * Every migration: onboarding's and the three that create several modules' tables at once below,
 * then those the modules carry in their manifests (`migrations`, src/app.manifest.ts). TypeORM runs them in timestamp order. Never edit one that has shipped.
 */
export const MIGRATIONS: Function[] = [
  Users1763800000000,
  RateLimits1763800000100,
  AuthCodesAndSessions1763800001000,
  Schools1763800002000,
  Academics1763800002100,
  ContactMessages1763800002200,
  SchoolSummaries1763800003000,
  Workspace1764100000000,
  SchoolAffiliationNumber1764200000000,
  StaffTimetableCalendar1764400000000,
  GuardiansNotices1764800000000,
  UsernameSkeleton1765900000000,
  ...MODULE_MIGRATIONS,
];
