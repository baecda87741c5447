import { MODULE_MIGRATIONS } from '../../app.manifest';
import { RateLimits1763800000100 } from './1763800000100-rate-limits';
import { Workspace1764100000000 } from './1764100000000-workspace';
import { StaffTimetableCalendar1764400000000 } from './1764400000000-staff-timetable-calendar';
import { GuardiansNotices1764800000000 } from './1764800000000-guardians-notices';

/**
 * Every migration: those the modules carry in their manifests (`migrations`, src/app.manifest.ts),
 * plus the few that belong to no one module: the rate-limit table of the common guard, and three
 * early migrations that create several modules' tables at once (splitting one that has shipped
 * would run it twice on a database that has it). TypeORM runs them in timestamp order. Never edit
 * one that has shipped.
 */
export const MIGRATIONS: Function[] = [
  RateLimits1763800000100,
  Workspace1764100000000,
  StaffTimetableCalendar1764400000000,
  GuardiansNotices1764800000000,
  ...MODULE_MIGRATIONS,
];
