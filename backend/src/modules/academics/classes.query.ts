import { naturalCompare, sortByCatalogue, type ClassWithDetails, type NamedRef } from '@vidyalaya/shared';
import type { EntityManager } from 'typeorm';

/** Which academic years to read: one year, every year, or the newest year that has classes. */
export type YearScope = { year: string } | 'all' | 'latest';

interface ClassRow {
  id: string;
  name: string;
  academic_year: string;
  sections: NamedRef[];
  subjects: NamedRef[];
}

const naturally = (a: NamedRef, b: NamedRef) => naturalCompare(a.name, b.name);

/**
 * A school's classes with their sections and subjects, in ONE query whatever the number of classes
 * (sections and subjects are aggregated as JSON per class). Classes come in catalogue order (newest
 * year first when several years are read), sections in natural name order ('Section 9' before
 * 'Section 10'), subjects in the global catalogue's order.
 */
export async function loadClassesWithDetails(db: EntityManager, schoolId: string, scope: YearScope): Promise<ClassWithDetails[]> {
  const params: unknown[] = [schoolId];
  let yearFilter = '';
  if (scope === 'latest') {
    yearFilter = 'AND c.academic_year = (SELECT max(academic_year) FROM classes WHERE school_id = $1)';
  } else if (scope !== 'all') {
    params.push(scope.year);
    yearFilter = 'AND c.academic_year = $2';
  }
  const rows: ClassRow[] = await db.query(
    `SELECT c.id, c.name, c.academic_year,
       COALESCE((SELECT json_agg(json_build_object('id', s.id, 'name', s.name))
                   FROM sections s WHERE s.class_id = c.id), '[]'::json) AS sections,
       COALESCE((SELECT json_agg(json_build_object('id', g.id, 'name', g.name) ORDER BY g.sort_order)
                   FROM class_subjects cs JOIN global_subjects g ON g.id = cs.subject_id
                  WHERE cs.class_id = c.id), '[]'::json) AS subjects
     FROM classes c
     WHERE c.school_id = $1 ${yearFilter}`,
    params,
  );
  const byYear = new Map<string, ClassRow[]>();
  for (const row of rows) byYear.set(row.academic_year, [...(byYear.get(row.academic_year) ?? []), row]);
  const years = [...byYear.keys()].sort().reverse();
  return years.flatMap((year) =>
    sortByCatalogue(byYear.get(year)!, (row) => row.name).map((row) => ({
      id: row.id,
      name: row.name,
      academicYear: row.academic_year,
      sections: [...row.sections].sort(naturally),
      subjects: row.subjects,
    })),
  );
}
