import { MESSAGES, type CatalogueClass } from '@vidyalaya/shared';
import { type ClassSectionsInput, type ClassSubjectsInput } from '@vidyalaya/shared/academics';
import { DomainException } from '../../common/domain.exception';
import type { AcademicsRepository } from './academics.repository';

/**
 * The setup steps' rules, shared by the API (AcademicsService) and the demo seed: names are checked
 * here, the rows written by the repository (`repo.in(tx)` to run inside a transaction). Each
 * returns how many rows were new; what already exists is left as it is.
 */

/** Adds catalogue classes to a school for one academic year. */
export function addClasses(repo: AcademicsRepository, academicYear: string, names: readonly CatalogueClass[], now: Date): Promise<number> {
  return repo.insertClasses(academicYear, names, now);
}

/**
 * The ids of the named classes of a school in one year; any name without a class answers 400
 * UNKNOWN_CLASSES naming them, with each entry's `{field}.{i}.className` in the details.
 */
async function classIds(repo: AcademicsRepository, academicYear: string, names: readonly string[], field: string): Promise<Map<string, string>> {
  const rows = await repo.classIdsByName(academicYear, names);
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
export async function addSections(repo: AcademicsRepository, academicYear: string, entries: readonly ClassSectionsInput[], now: Date): Promise<number> {
  const ids = await classIds(repo, academicYear, entries.map((e) => e.className), 'sections');
  const classCol: string[] = [];
  const nameCol: string[] = [];
  for (const entry of entries) {
    for (const name of entry.sectionNames) {
      classCol.push(ids.get(entry.className)!);
      nameCol.push(name);
    }
  }
  return repo.insertSections(classCol, nameCol, now);
}

/**
 * Attaches global subjects (by name, ignoring case) to existing classes. Names that are not global
 * subjects answer 400 UNKNOWN_SUBJECTS naming them, each at `classSubjects.{i}.subjectNames.{j}`.
 */
export async function addClassSubjects(repo: AcademicsRepository, academicYear: string, entries: readonly ClassSubjectsInput[], now: Date): Promise<number> {
  const ids = await classIds(repo, academicYear, entries.map((e) => e.className), 'classSubjects');
  const wanted = [...new Set(entries.flatMap((e) => e.subjectNames.map((n) => n.toLowerCase())))];
  const rows = await repo.subjectIdsByKey(wanted);
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
  return repo.insertClassSubjects(classCol, subjectCol, now);
}
