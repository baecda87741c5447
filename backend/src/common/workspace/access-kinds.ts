import type { ErrorCode } from '@vidyalaya/shared';
import type { ModuleAccessKindName } from '../../app.manifest';

/**
 * The kinds of record a workspace request may name by id, each with the table that holds it and
 * its id column (every such table has `school_id`). A module declares its kinds in its manifest
 * (`accessKinds: { certificate: { table: 'certificates' } }`, modules/<m>/<m>.manifest.ts) and
 * `AccessService.require(ctx, 'certificate', ids)` works. Table and column names are constants written in the manifests, never input.
 */
export interface AccessKind {
  table: string;
  /** The id column, `id` unless named. */
  idColumn?: string;
  /** The 404 code for a missing or foreign record, `NOT_FOUND` unless named. */
  notFound?: ErrorCode;
  /**
   * What a guardian may name of this kind: the allow-list (docs/architecture.md "Guardians see
   * their own children"). Absent: nothing — a guardian naming such a record gets the 404 of a
   * missing one. `'school'`: any record of the school (calendar events, academic years). A string:
   * an SQL condition on the record (alias `r`; `$1` the school, `$3` the guardian's user id),
   * usually `viaChild('student_id')` for a record that belongs to one student.
   */
  guardian?: 'school' | string;
}

/** The ids of the students linked to the guardian `$3` in the school `$1` (a sub-select). */
export const GUARDIAN_CHILDREN_SQL = `SELECT gu.student_id FROM student_guardian_users gu WHERE gu.school_id = $1 AND gu.user_id = $3`;

/** The guardian condition of a record that belongs to one student (its `column` holds the student id). */
export const viaChild = (column: string): string => `r.${column} IN (${GUARDIAN_CHILDREN_SQL})`;

/**
 * The notices a guardian sees: published, and to the whole school, to all guardians, or to a class
 * or section one of their children is in now (docs/guardians.md "Notices"). Also the notices
 * module's list filter, so the list and a single notice agree.
 */
export const GUARDIAN_NOTICE_SQL = `r.published_at IS NOT NULL AND (r.audience IN ('school', 'guardians')
  OR (r.audience = 'classes' AND r.class_ids && ARRAY(SELECT st.class_id FROM students st WHERE st.school_id = $1 AND st.class_id IS NOT NULL AND st.id IN (${GUARDIAN_CHILDREN_SQL})))
  OR (r.audience = 'sections' AND r.section_ids && ARRAY(SELECT st.section_id FROM students st WHERE st.school_id = $1 AND st.section_id IS NOT NULL AND st.id IN (${GUARDIAN_CHILDREN_SQL}))))`;

/**
 * The calendar events a guardian sees: the whole school's (no classes named) and those of a class
 * one of their children is in now. Also the calendar's list filter, so the list and one event agree.
 */
export const GUARDIAN_CALENDAR_EVENT_SQL = `(r.class_ids = '{}' OR r.class_ids && ARRAY(SELECT st.class_id FROM students st WHERE st.school_id = $1 AND st.class_id IS NOT NULL AND st.id IN (${GUARDIAN_CHILDREN_SQL})))`;

/** The sections (or classes) a guardian's children are in now or were enrolled in. */
export const viaChildPlacement = (column: 'section_id' | 'class_id'): string =>
  `r.id IN (SELECT st.${column} FROM students st WHERE st.school_id = $1 AND st.id IN (${GUARDIAN_CHILDREN_SQL})
            UNION SELECT e.${column} FROM student_enrolments e WHERE e.school_id = $1 AND e.student_id IN (${GUARDIAN_CHILDREN_SQL}))`;

/**
 * Every kind: those the modules declare in their manifests
 * (`accessKinds`, registered once by src/app.manifest.ts when the list loads).
 */
export type AccessKindName = ModuleAccessKindName;
const kinds: Record<string, AccessKind> = {};
export const ACCESS_KINDS = kinds as Readonly<Record<AccessKindName, AccessKind>>;

/** Adds a module's kinds (app.manifest.ts); a name is registered once. */
export function registerAccessKinds(more: Readonly<Record<string, AccessKind>>): void {
  for (const [name, kind] of Object.entries(more)) {
    if (name in kinds && kinds[name] !== kind) throw new Error(`The access kind ${name} is registered twice`);
    kinds[name] = kind;
  }
}
