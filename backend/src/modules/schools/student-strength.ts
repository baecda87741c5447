import type { SchoolEntity } from './school.entity';

/**
 * `metaData.studentStrength` of every school answer: the school's real count of active students
 * (DECISIONS "Compatibility fixes"), always a number. It is `schools.active_students`, kept current
 * by a statement-level trigger on `students` in the same transaction as each admission, import or
 * leaving (migration 1764300000000), so every answer (the administrator's, staff's, the summary)
 * shows the same count without a query per school.
 */
export function studentStrengthOf(school: Pick<SchoolEntity, 'activeStudents'>): number {
  return school.activeStudents ?? 0;
}
