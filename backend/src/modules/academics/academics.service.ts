import { Injectable } from '@nestjs/common';
import { CATALOGUE_CLASSES } from '@vidyalaya/shared';
import {
  type ClassesSectionsResult,
  type ClassWithDetails,
  type CreateClassesInput,
  type CreateClassSubjectsInput,
  type CreateSectionsInput,
  type GlobalSubjectsResult,
  type SchoolSubjectsResult,
  type SetupChangeResult,
} from '@vidyalaya/shared/academics';
import { type AdminSchoolClass } from '@vidyalaya/shared/admin';
import { Clock } from '../../common/clock';
import type { SchoolEntity } from '../schools';
import { AcademicsRepository, type ClassNameYear, type SectionWithClass, type YearScope } from './academics.repository';
import { addClasses, addClassSubjects, addSections } from './setup-writes';

export type { ClassNameYear, SectionWithClass, YearScope } from './academics.repository';

/**
 * Spec §7 setup calls: classes, sections and subjects of a school the caller owns. Other modules
 * read a school's setup through `classesWithDetails` and `classCounts`, and look up one section
 * with its class (`section`) or one class (`classOf`) here: the academics tables are this
 * module's, and every module reads a section in the one shape.
 */
@Injectable()
export class AcademicsService {
  constructor(
    private readonly repo: AcademicsRepository,
    private readonly clock: Clock,
  ) {}

  async addClasses(school: SchoolEntity, input: CreateClassesInput): Promise<SetupChangeResult> {
    const created = await addClasses(this.repo, input.academicYear, input.classes, this.clock.now());
    return this.result(school, input.academicYear, created);
  }

  async addSections(school: SchoolEntity, input: CreateSectionsInput): Promise<SetupChangeResult> {
    const created = await addSections(this.repo, input.academicYear, input.sections, this.clock.now());
    return this.result(school, input.academicYear, created);
  }

  async addClassSubjects(school: SchoolEntity, input: CreateClassSubjectsInput): Promise<SetupChangeResult> {
    const created = await addClassSubjects(this.repo, input.academicYear, input.classSubjects, this.clock.now());
    return this.result(school, input.academicYear, created);
  }

  async classesSections(school: SchoolEntity, academicYear: string | undefined): Promise<ClassesSectionsResult> {
    return { classes: await this.repo.classesWithDetails(academicYear ? { year: academicYear } : 'all') };
  }

  async globalSubjects(): Promise<GlobalSubjectsResult> {
    return { subjects: await this.repo.globalSubjects() };
  }

  /** GET /school/subjects: the subjects the school's classes use (one year, or every year). */
  async schoolSubjects(school: SchoolEntity, academicYear: string | undefined): Promise<SchoolSubjectsResult> {
    const classes = await this.repo.classesWithDetails(academicYear ? { year: academicYear } : 'all');
    const subjects = await this.repo.subjectsInUse(academicYear ?? null);
    return {
      subjects,
      classes: classes.map(({ id, name, academicYear: year, subjects: own }) => ({ id, name, academicYear: year, subjects: own })),
    };
  }

  /** A school's classes with their sections and subjects, in one query (see the repository). */
  classesWithDetails(scope: YearScope): Promise<ClassWithDetails[]> {
    return this.repo.classesWithDetails(scope);
  }

  /** What the school has set up, for the reviewer: each class with its section and subject counts, newest year first, catalogue order. */
  async classCounts(): Promise<AdminSchoolClass[]> {
    const rows = await this.repo.classCounts();
    const order = new Map<string, number>(CATALOGUE_CLASSES.map((name, i) => [name, i]));
    return rows
      .map((r) => ({ name: r.name, academicYear: r.academic_year, sections: Number(r.sections), subjects: Number(r.subjects) }))
      .sort((a, b) => b.academicYear.localeCompare(a.academicYear) || (order.get(a.name) ?? 99) - (order.get(b.name) ?? 99));
  }

  private async result(school: SchoolEntity, academicYear: string, created: number): Promise<SetupChangeResult> {
    return { classes: await this.repo.classesWithDetails({ year: academicYear }), created };
  }

  // ── lookups for other modules, in the bound school ─────────────────────────
  /** A section (any year) with its class; null when missing or another school's. */
  section(sectionId: string): Promise<SectionWithClass | null> {
    return this.repo.section(sectionId);
  }

  /** A class (any year): its name and year; null when missing or another school's. */
  classOf(classId: string): Promise<ClassNameYear | null> {
    return this.repo.classOf(classId);
  }

  /** The classes of some sections, each once. */
  classesOfSections(sectionIds: readonly string[]): Promise<string[]> {
    return this.repo.classesOfSections(sectionIds);
  }
}
