import type { SetupProgress } from '../rules/setup-progress';
import type { SchoolDto } from '../schools/types';

export type NamedRef = { id: string; name: string };

/** A class with its sections and subjects (spec §3, GET /school/classes-sections/{schoolId}). */
export type ClassWithDetails = {
  id: string;
  name: string;
  academicYear: string;
  sections: NamedRef[];
  subjects: NamedRef[];
};

export type ClassesSectionsResult = { classes: ClassWithDetails[] };

export type GlobalSubject = {
  id: string;
  name: string;
  code?: string | null;
  description?: string | null;
};

/** GET /school/subjects/global answer data. */
export type GlobalSubjectsResult = { subjects: GlobalSubject[] };

/** GET /auth/my-school-detailed answer data (spec §3 School summary). */
export type SchoolSummary = {
  school: SchoolDto;
  classes: ClassWithDetails[];
  totalSections: number;
  totalSubjects: number;
  setupProgress: SetupProgress;
  /**
   * The academic year the classes and totals describe: the newest year that has classes, or null
   * when the school has none yet.
   */
  academicYear?: string | null;
};

/** POST /school/classes, /school/sections and /school/subjects answer data. */
export type SetupChangeResult = {
  /** The classes of the academic year sent, with their sections and subjects after the change. */
  classes: ClassWithDetails[];
  /** How many classes, sections or class subjects were new (what already existed is left as is). */
  created: number;
};

/** GET /school/subjects answer data. */
export type SchoolSubjectsResult = {
  /** Every subject the classes use, in catalogue order, once each. */
  subjects: GlobalSubject[];
  classes: { id: string; name: string; academicYear: string; subjects: NamedRef[] }[];
};
