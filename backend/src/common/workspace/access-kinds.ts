import type { ErrorCode } from '@vidyalaya/shared';

/**
 * The kinds of record a workspace request may name by id, each with the table that holds it and
 * its id column (every such table has `school_id`). THE one place a module registers its kinds:
 * add a line here (e.g. `student: { table: 'students' }`) and `AccessService.require(ctx,
 * 'student', ids)` works. Table and column names are constants written here, never input.
 */
export interface AccessKind {
  table: string;
  /** The id column, `id` unless named. */
  idColumn?: string;
  /** The 404 code for a missing or foreign record, `NOT_FOUND` unless named. */
  notFound?: ErrorCode;
}

export const ACCESS_KINDS = {
  class: { table: 'classes' },
  section: { table: 'sections' },
  classSubject: { table: 'class_subjects' },
  academicYear: { table: 'academic_years' },
  member: { table: 'school_members', idColumn: 'user_id' },
  invitation: { table: 'school_invitations' },
  job: { table: 'jobs' },
  calendarEvent: { table: 'calendar_events' },
  staff: { table: 'staff' },
  substitution: { table: 'substitutions' },
  student: { table: 'students' },
  application: { table: 'admission_applications' },
  feeHead: { table: 'fee_heads' },
  feeStructure: { table: 'fee_structures' },
  feeInstalment: { table: 'fee_instalments' },
  feeReceipt: { table: 'fee_receipts' },
  exam: { table: 'exams' },
  reportCardFile: { table: 'report_card_files' },
} as const satisfies Record<string, AccessKind>;

export type AccessKindName = keyof typeof ACCESS_KINDS;
