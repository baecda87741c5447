import { Injectable } from '@nestjs/common';
import type {
  ClassesSectionsResult,
  CreateClassesInput,
  CreateClassSubjectsInput,
  CreateSectionsInput,
  GlobalSubject,
  GlobalSubjectsResult,
  SchoolSubjectsResult,
  SetupChangeResult,
} from '@vidyalaya/shared';
import { DataSource } from 'typeorm';
import { Clock } from '../../common/clock';
import type { SchoolEntity } from '../schools';
import { loadClassesWithDetails } from './classes.query';
import { addClasses, addClassSubjects, addSections } from './setup-writes';

/** Spec §7 setup calls: classes, sections and subjects of a school the caller owns. */
@Injectable()
export class AcademicsService {
  constructor(
    private readonly db: DataSource,
    private readonly clock: Clock,
  ) {}

  async addClasses(school: SchoolEntity, input: CreateClassesInput): Promise<SetupChangeResult> {
    const created = await addClasses(this.db.manager, school.id, input.academicYear, input.classes, this.clock.now());
    return this.result(school, input.academicYear, created);
  }

  async addSections(school: SchoolEntity, input: CreateSectionsInput): Promise<SetupChangeResult> {
    const created = await addSections(this.db.manager, school.id, input.academicYear, input.sections, this.clock.now());
    return this.result(school, input.academicYear, created);
  }

  async addClassSubjects(school: SchoolEntity, input: CreateClassSubjectsInput): Promise<SetupChangeResult> {
    const created = await addClassSubjects(this.db.manager, school.id, input.academicYear, input.classSubjects, this.clock.now());
    return this.result(school, input.academicYear, created);
  }

  async classesSections(school: SchoolEntity, academicYear: string | undefined): Promise<ClassesSectionsResult> {
    return { classes: await loadClassesWithDetails(this.db.manager, school.id, academicYear ? { year: academicYear } : 'all') };
  }

  async globalSubjects(): Promise<GlobalSubjectsResult> {
    const subjects: GlobalSubject[] = await this.db.query(
      `SELECT id, name, code, description FROM global_subjects ORDER BY sort_order, name`,
    );
    return { subjects };
  }

  /** GET /school/subjects: the subjects the school's classes use (one year, or every year). */
  async schoolSubjects(school: SchoolEntity, academicYear: string | undefined): Promise<SchoolSubjectsResult> {
    const classes = await loadClassesWithDetails(this.db.manager, school.id, academicYear ? { year: academicYear } : 'all');
    const subjects: GlobalSubject[] = await this.db.query(
      `SELECT g.id, g.name, g.code, g.description FROM global_subjects g
       WHERE EXISTS (SELECT 1 FROM class_subjects cs JOIN classes c ON c.id = cs.class_id
                     WHERE cs.subject_id = g.id AND c.school_id = $1 AND ($2::text IS NULL OR c.academic_year = $2))
       ORDER BY g.sort_order, g.name`,
      [school.id, academicYear ?? null],
    );
    return {
      subjects,
      classes: classes.map(({ id, name, academicYear: year, subjects: own }) => ({ id, name, academicYear: year, subjects: own })),
    };
  }

  private async result(school: SchoolEntity, academicYear: string, created: number): Promise<SetupChangeResult> {
    return { classes: await loadClassesWithDetails(this.db.manager, school.id, { year: academicYear }), created };
  }
}
