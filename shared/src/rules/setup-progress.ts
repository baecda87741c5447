import type { z } from 'zod';
import { APPROVAL_STATUSES, SETUP_STEPS_COUNTED, type ApprovalStatus } from '../constants';
import { APPROVAL_MESSAGES, SETUP_COMPLETE_MESSAGES, SETUP_STEP_MESSAGES } from '../messages-site';
import type { setupProgressSchema } from '../schools/answers';

/** Spec §3 SetupProgress (the summary's answer schema): all false by default; creating a school sets schoolCreated. */
export type SetupProgress = z.output<typeof setupProgressSchema>;

export function defaultSetupProgress(): SetupProgress {
  return {
    schoolCreated: false,
    classesAdded: false,
    sectionsAdded: false,
    subjectsAdded: false,
    paymentCompleted: false,
  };
}

/** What the progress rules read from a school summary. */
export type SetupCounts = {
  classes: readonly unknown[];
  totalSections: number;
  totalSubjects: number;
};

/**
 * The flags a school summary implies (also spec §4's fallback: school known, nothing else →
 * only schoolCreated; no school → all false). Payment has no transition yet, so it stays false.
 */
export function setupProgressFromSummary(
  summary: SetupCounts & { school: unknown | null | undefined },
): SetupProgress {
  const schoolCreated = summary.school !== null && summary.school !== undefined;
  return {
    schoolCreated,
    classesAdded: schoolCreated && summary.classes.length > 0,
    sectionsAdded: schoolCreated && summary.totalSections > 0,
    subjectsAdded: schoolCreated && summary.totalSubjects > 0,
    paymentCompleted: false,
  };
}

export const SETUP_STEPS = [
  { key: 'classes', label: SETUP_STEP_MESSAGES.classes, path: '/setup/classes' },
  { key: 'sections', label: SETUP_STEP_MESSAGES.sections, path: '/setup/sections' },
  { key: 'subjects', label: SETUP_STEP_MESSAGES.subjects, path: '/setup/subjects' },
] as const;

export type SetupStep = (typeof SETUP_STEPS)[number];
export type SetupStepKey = SetupStep['key'];

/**
 * Spec §4: Add Classes if there are no classes; else Add Sections if no sections; else Add
 * Subjects if no subjects; else null (setup complete).
 */
export function nextSetupStep(summary: SetupCounts): SetupStep | null {
  if (summary.classes.length === 0) return SETUP_STEPS[0];
  if (summary.totalSections <= 0) return SETUP_STEPS[1];
  if (summary.totalSubjects <= 0) return SETUP_STEPS[2];
  return null;
}

/** Where Continue Setup goes: the step's path with the schoolId query parameter (spec §2). */
export function setupStepHref(step: SetupStep, schoolId: string): string {
  return `${step.path}?schoolId=${encodeURIComponent(schoolId)}`;
}

/**
 * Spec §4: the share of the four counted flags (school, classes, sections, subjects) that are
 * true, as a whole percent. Payment is not counted.
 */
export function setupPercentage(progress: SetupProgress): number {
  const done = [
    progress.schoolCreated,
    progress.classesAdded,
    progress.sectionsAdded,
    progress.subjectsAdded,
  ].filter(Boolean).length;
  return Math.round((done / SETUP_STEPS_COUNTED) * 100);
}

/** What approvalStatusOf reads from a school. */
export type ApprovalSource = {
  isActive?: boolean | null;
  metaData?: { approvalStatus?: unknown } | null;
};

/**
 * Spec §4: an active school is approved; otherwise metaData.approvalStatus, with anything unknown
 * (or missing) treated as pending.
 */
export function approvalStatusOf(school: ApprovalSource | null | undefined): ApprovalStatus {
  if (!school) return 'pending';
  if (school.isActive === true) return 'approved';
  const status = school.metaData?.approvalStatus;
  return (APPROVAL_STATUSES as readonly unknown[]).includes(status)
    ? (status as ApprovalStatus)
    : 'pending';
}

/** The approval badge: 'Approved', 'Pending Approval' or 'Rejected'. */
export function approvalBadgeLabel(status: ApprovalStatus): string {
  return APPROVAL_MESSAGES[status];
}

/** Spec §4 "Setup complete message" for a school's approval status. */
export function setupCompleteMessage(status: ApprovalStatus): string {
  return SETUP_COMPLETE_MESSAGES[status];
}
