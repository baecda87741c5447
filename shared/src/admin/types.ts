import type { SchoolDto, SchoolOwner } from '../schools/types';

export const SCHOOL_DECISIONS = ['approved', 'rejected', 'student_limit'] as const;
export type SchoolDecisionKind = (typeof SCHOOL_DECISIONS)[number];

/** A school as provider staff see it: with its administrator. */
export type AdminSchool = SchoolDto & { owner: SchoolOwner };

/** GET /admin/schools answer data. */
export type AdminSchoolListResult = {
  schools: AdminSchool[];
  total: number;
  page: number;
  pageSize: number;
};

/** One recorded approval or rejection: who, when, why (DECISIONS.md). */
export type SchoolDecision = {
  id: string;
  decision: SchoolDecisionKind;
  reason: string | null;
  decidedBy: { id: string; username: string };
  /** ISO 8601 */
  decidedAt: string;
};

/** GET /admin/schools/{id} answer data; decisions newest first. */
export type AdminSchoolDetail = {
  school: AdminSchool;
  decisions: SchoolDecision[];
  /** The school's classes (every academic year, catalogue order) with their section and subject counts. */
  classes?: AdminSchoolClass[];
};

export type AdminSchoolClass = { name: string; academicYear: string; sections: number; subjects: number };

/**
 * POST /admin/schools/{id}/approve and /reject answer data: the school after the decision, its
 * history, and whether the e-mail to the administrator went out (the decision stands either way).
 */
export type SchoolDecisionResult = AdminSchoolDetail & { notified: boolean };
