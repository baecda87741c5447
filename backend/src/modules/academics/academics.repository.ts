import { Injectable } from '@nestjs/common';
import { naturalCompare, sortByCatalogue, type CatalogueClass } from '@vidyalaya/shared';
import { type ClassWithDetails, type GlobalSubject, type NamedRef } from '@vidyalaya/shared/academics';
import { DataSource } from 'typeorm';
import { Repository } from '../../database/repository';

/** Which academic years to read: one year, every year, or the newest year that has classes. */
export type YearScope = { year: string } | 'all' | 'latest';

interface ClassRow {
  id: string;
  name: string;
  academic_year: string;
  sections: NamedRef[];
  subjects: NamedRef[];
}

/** A class with how many sections and subject links it has (the reviewer's view). */
export interface ClassCountRow {
  name: string;
  academic_year: string;
  sections: string | number;
  subjects: string | number;
}

/** A section with its class: the one shape every module reads it in (AcademicsService.section). */
export interface SectionWithClass {
  id: string;
  name: string;
  class_id: string;
  class_name: string;
  academic_year: string;
}

/** A class's name and year (AcademicsService.classOf). */
export interface ClassNameYear {
  name: string;
  academic_year: string;
}

const naturally = (a: NamedRef, b: NamedRef) => naturalCompare(a.name, b.name);

/**
 * Every query on the academics module's tables: `classes`, `sections`, `class_subjects` and the
 * read-only catalogue `global_subjects`. Each school-scoped query reads the bound school (`this.schoolId`).
 * The inserts are INSERT … ON CONFLICT DO NOTHING against a unique index, so what already exists
 * is left as it is and a retried or concurrent request never duplicates anything; each answers how
 * many rows were new.
 */
@Injectable()
export class AcademicsRepository extends Repository {
  constructor(db: DataSource) {
    super(db);
  }

  /**
   * A school's classes with their sections and subjects, in ONE query whatever the number of classes
   * (sections and subjects are aggregated as JSON per class). Classes come in catalogue order (newest
   * year first when several years are read), sections in natural name order ('Section 9' before
   * 'Section 10'), subjects in the global catalogue's order.
   */
  async classesWithDetails(scope: YearScope): Promise<ClassWithDetails[]> {
    const params: unknown[] = [this.schoolId];
    let yearFilter = '';
    if (scope === 'latest') {
      yearFilter = 'AND c.academic_year = (SELECT max(academic_year) FROM classes WHERE school_id = $1)';
    } else if (scope !== 'all') {
      params.push(scope.year);
      yearFilter = 'AND c.academic_year = $2';
    }
    const rows = await this.rows<ClassRow>(
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

  /** Each class of the school (every year) with its section and subject-link counts. */
  classCounts(): Promise<ClassCountRow[]> {
    return this.rows<ClassCountRow>(
      `SELECT c.name, c.academic_year,
              (SELECT count(*) FROM sections s WHERE s.class_id = c.id) AS sections,
              (SELECT count(*) FROM class_subjects cs WHERE cs.class_id = c.id) AS subjects
         FROM classes c WHERE c.school_id = $1`,
      [this.schoolId],
    );
  }

  async insertClasses(academicYear: string, names: readonly CatalogueClass[], now: Date): Promise<number> {
    const inserted = await this.rows(
      `INSERT INTO classes (school_id, academic_year, name, created_at)
       SELECT $1, $2, name, $4 FROM unnest($3::text[]) AS name
       ON CONFLICT DO NOTHING RETURNING id`,
      [this.schoolId, academicYear, names, now],
    );
    return inserted.length;
  }

  /** The named classes of a school in one year (names without a class are simply absent). */
  classIdsByName(academicYear: string, names: readonly string[]): Promise<{ id: string; name: string }[]> {
    return this.rows(`SELECT id, name FROM classes WHERE school_id = $1 AND academic_year = $2 AND name = ANY($3::text[])`, [this.schoolId, academicYear, names]);
  }

  /**
   * Sections as parallel columns (class id, name) of the school's classes (another school's class adds
   * nothing); names are unique in their class ignoring case. The school id is written here rather than
   * looked up by the table's trigger, row by row.
   */
  async insertSections(classIds: string[], names: string[], now: Date): Promise<number> {
    const inserted = await this.rows(
      `INSERT INTO sections (school_id, class_id, name, created_at)
       SELECT c.school_id, t.class_id, t.name, $4 FROM unnest($2::uuid[], $3::text[]) AS t(class_id, name)
         JOIN classes c ON c.school_id = $1 AND c.id = t.class_id
       ON CONFLICT DO NOTHING RETURNING id`,
      [this.schoolId, classIds, names, now],
    );
    return inserted.length;
  }

  /** Global subjects by lower-case name. */
  subjectIdsByKey(keys: string[]): Promise<{ id: string; key: string }[]> {
    return this.rows(`SELECT id, lower(name) AS key FROM global_subjects WHERE lower(name) = ANY($1::text[])`, [keys]);
  }

  /** Class-subject links as parallel columns (class id, subject id) of the school's classes, the school id written as for sections. */
  async insertClassSubjects(classIds: string[], subjectIds: string[], now: Date): Promise<number> {
    const inserted = await this.rows(
      `INSERT INTO class_subjects (school_id, class_id, subject_id, created_at)
       SELECT c.school_id, t.class_id, t.subject_id, $4 FROM unnest($2::uuid[], $3::uuid[]) AS t(class_id, subject_id)
         JOIN classes c ON c.school_id = $1 AND c.id = t.class_id
       ON CONFLICT DO NOTHING RETURNING id`,
      [this.schoolId, classIds, subjectIds, now],
    );
    return inserted.length;
  }

  globalSubjects(): Promise<GlobalSubject[]> {
    return this.rows<GlobalSubject>(`SELECT id, name, code, description FROM global_subjects ORDER BY sort_order, name`);
  }

  /** The global subjects the school's classes use (one year, or every year when `academicYear` is null). */
  subjectsInUse(academicYear: string | null): Promise<GlobalSubject[]> {
    return this.rows<GlobalSubject>(
      `SELECT g.id, g.name, g.code, g.description FROM global_subjects g
       WHERE EXISTS (SELECT 1 FROM class_subjects cs JOIN classes c ON c.id = cs.class_id
                     WHERE cs.subject_id = g.id AND c.school_id = $1 AND ($2::text IS NULL OR c.academic_year = $2))
       ORDER BY g.sort_order, g.name`,
      [this.schoolId, academicYear],
    );
  }

  // ── lookups other modules make (through AcademicsService) ──────────────────
  /** A section of the bound school (any year) with its class, or null: another school's is null too. */
  section(sectionId: string): Promise<SectionWithClass | null> {
    return this.one<SectionWithClass>(
      `SELECT s.id, s.name, c.id AS class_id, c.name AS class_name, c.academic_year
         FROM sections s JOIN classes c ON c.id = s.class_id WHERE s.school_id = $1 AND s.id = $2`,
      [this.schoolId, sectionId],
    );
  }

  /** A class of the bound school (any year): its name and year, or null. */
  classOf(classId: string): Promise<ClassNameYear | null> {
    return this.one<ClassNameYear>(`SELECT name, academic_year FROM classes WHERE school_id = $1 AND id = $2`, [this.schoolId, classId]);
  }

  /** The classes of some sections, each once (a teacher's sections → their classes). */
  async classesOfSections(sectionIds: readonly string[]): Promise<string[]> {
    if (sectionIds.length === 0) return [];
    const rows = await this.rows<{ class_id: string }>(`SELECT DISTINCT class_id FROM sections WHERE school_id = $1 AND id = ANY($2::uuid[])`, [this.schoolId, sectionIds]);
    return rows.map((r) => r.class_id);
  }
}
