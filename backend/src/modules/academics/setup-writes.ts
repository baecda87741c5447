import {
  MESSAGES,
  type CatalogueClass,
  type ClassSectionsInput,
  type ClassSubjectsInput,
} from '@vidyalaya/shared';
import type { EntityManager } from 'typeorm';
import { DomainException } from '../../common/domain.exception';

/**
 * The setup steps' writes, shared by the API and the demo seed. Each is one INSERT … ON CONFLICT
 * DO NOTHING against a unique index, so what already exists is left as it is and a retried or
 * concurrent request never duplicates anything. Each returns how many rows were new.
 */

/** Adds catalogue classes to a school for one academic year. */
export async function addClasses(db: EntityManager, schoolId: string, academicYear: string, names: readonly CatalogueClass[], now: Date): Promise<number> {
  const inserted: unknown[] = await db.query(
    `INSERT INTO classes (school_id, academic_year, name, created_at)
     SELECT $1, $2, name, $4 FROM unnest($3::text[]) AS name
     ON CONFLICT DO NOTHING RETURNING id`,
    [schoolId, academicYear, names, now],
  );
  return inserted.length;
}

/**
 * The ids of the named classes of a school in one year; any name without a class answers 400
 * UNKNOWN_CLASSES naming them, with each entry's `{field}.{i}.className` in the details.
 */
async function classIds(db: EntityManager, schoolId: string, academicYear: string, names: readonly string[], field: string): Promise<Map<string, string>> {
  const rows: { id: string; name: string }[] = await db.query(
    `SELECT id, name FROM classes WHERE school_id = $1 AND academic_year = $2 AND name = ANY($3::text[])`,
    [schoolId, academicYear, names],
  );
  const ids = new Map(rows.map((r) => [r.name, r.id]));
  const missing = names.map((name, i) => ({ name, i })).filter(({ name }) => !ids.has(name));
  if (missing.length > 0) {
    throw new DomainException('UNKNOWN_CLASSES', {
      message: MESSAGES.errors.unknownClasses(missing.map((m) => m.name).join(', ')),
      details: Object.fromEntries(missing.map(({ name, i }) => [`${field}.${i}.className`, MESSAGES.errors.classNotAdded(name, academicYear)])),
    });
  }
  return ids;
}

/** Adds sections to existing classes; names are unique in their class ignoring case. */
export async function addSections(db: EntityManager, schoolId: string, academicYear: string, entries: readonly ClassSectionsInput[], now: Date): Promise<number> {
  const ids = await classIds(db, schoolId, academicYear, entries.map((e) => e.className), 'sections');
  const classCol: string[] = [];
  const nameCol: string[] = [];
  for (const entry of entries) {
    for (const name of entry.sectionNames) {
      classCol.push(ids.get(entry.className)!);
      nameCol.push(name);
    }
  }
  const inserted: unknown[] = await db.query(
    `INSERT INTO sections (class_id, name, created_at)
     SELECT class_id, name, $3 FROM unnest($1::uuid[], $2::text[]) AS t(class_id, name)
     ON CONFLICT DO NOTHING RETURNING id`,
    [classCol, nameCol, now],
  );
  return inserted.length;
}

/**
 * Attaches global subjects (by name, ignoring case) to existing classes. Names that are not global
 * subjects answer 400 UNKNOWN_SUBJECTS naming them, each at `classSubjects.{i}.subjectNames.{j}`.
 */
export async function addClassSubjects(db: EntityManager, schoolId: string, academicYear: string, entries: readonly ClassSubjectsInput[], now: Date): Promise<number> {
  const ids = await classIds(db, schoolId, academicYear, entries.map((e) => e.className), 'classSubjects');
  const wanted = [...new Set(entries.flatMap((e) => e.subjectNames.map((n) => n.toLowerCase())))];
  const rows: { id: string; key: string }[] = await db.query(
    `SELECT id, lower(name) AS key FROM global_subjects WHERE lower(name) = ANY($1::text[])`,
    [wanted],
  );
  const subjectIds = new Map(rows.map((r) => [r.key, r.id]));
  const unknown = entries.flatMap((entry, i) =>
    entry.subjectNames.flatMap((name, j) => (subjectIds.has(name.toLowerCase()) ? [] : [{ name, path: `classSubjects.${i}.subjectNames.${j}` }])),
  );
  if (unknown.length > 0) {
    throw new DomainException('UNKNOWN_SUBJECTS', {
      message: MESSAGES.errors.unknownSubjects([...new Set(unknown.map((u) => u.name))].join(', ')),
      details: Object.fromEntries(unknown.map((u) => [u.path, MESSAGES.errors.unknownSubject(u.name)])),
    });
  }
  const classCol: string[] = [];
  const subjectCol: string[] = [];
  for (const entry of entries) {
    for (const name of entry.subjectNames) {
      classCol.push(ids.get(entry.className)!);
      subjectCol.push(subjectIds.get(name.toLowerCase())!);
    }
  }
  const inserted: unknown[] = await db.query(
    `INSERT INTO class_subjects (class_id, subject_id, created_at)
     SELECT class_id, subject_id, $3 FROM unnest($1::uuid[], $2::uuid[]) AS t(class_id, subject_id)
     ON CONFLICT DO NOTHING RETURNING id`,
    [classCol, subjectCol, now],
  );
  return inserted.length;
}
