import { type ApprovalStatus } from '../constants';
/** Spec §3 SetupProgress: all false by default; creating a school sets schoolCreated. */
export type SetupProgress = {
    schoolCreated: boolean;
    classesAdded: boolean;
    sectionsAdded: boolean;
    subjectsAdded: boolean;
    paymentCompleted: boolean;
};
export declare function defaultSetupProgress(): SetupProgress;
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
export declare function setupProgressFromSummary(summary: SetupCounts & {
    school: unknown | null | undefined;
}): SetupProgress;
export declare const SETUP_STEPS: readonly [{
    readonly key: "classes";
    readonly label: "Add Classes";
    readonly path: "/setup/classes";
}, {
    readonly key: "sections";
    readonly label: "Add Sections";
    readonly path: "/setup/sections";
}, {
    readonly key: "subjects";
    readonly label: "Add Subjects";
    readonly path: "/setup/subjects";
}];
export type SetupStep = (typeof SETUP_STEPS)[number];
export type SetupStepKey = SetupStep['key'];
/**
 * Spec §4: Add Classes if there are no classes; else Add Sections if no sections; else Add
 * Subjects if no subjects; else null (setup complete).
 */
export declare function nextSetupStep(summary: SetupCounts): SetupStep | null;
/** Where Continue Setup goes: the step's path with the schoolId query parameter (spec §2). */
export declare function setupStepHref(step: SetupStep, schoolId: string): string;
/**
 * Spec §4: the share of the four counted flags (school, classes, sections, subjects) that are
 * true, as a whole percent. Payment is not counted.
 */
export declare function setupPercentage(progress: SetupProgress): number;
/** What approvalStatusOf reads from a school. */
export type ApprovalSource = {
    isActive?: boolean | null;
    metaData?: {
        approvalStatus?: unknown;
    } | null;
};
/**
 * Spec §4: an active school is approved; otherwise metaData.approvalStatus, with anything unknown
 * (or missing) treated as pending.
 */
export declare function approvalStatusOf(school: ApprovalSource | null | undefined): ApprovalStatus;
/** The approval badge: 'Approved', 'Pending Approval' or 'Rejected'. */
export declare function approvalBadgeLabel(status: ApprovalStatus): string;
/** Spec §4 "Setup complete message" for a school's approval status. */
export declare function setupCompleteMessage(status: ApprovalStatus): string;
