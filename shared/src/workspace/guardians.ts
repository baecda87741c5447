import { z } from 'zod';
import { EMAIL_MAX } from '../constants';
import { emailField, optionalField, requiredText } from '../schemas/common';
import { pageQueryShape, type Page } from './common';
import { reportCardQuerySchema, type ReportCardTerm } from './exams';
import type { Invitation } from './people';

/**
 * Guardians (DECISIONS "Guardians", issue 19): guardian accounts linked to their children, the
 * invitations that make them, and the guardian's data rights under the DPDP Act 2023 (consents,
 * correction requests). docs/guardians.md tells the whole story.
 */
export const GUARDIAN_MESSAGES = {
  emailInvalid: 'Please enter a valid email address',
  emailTooLong: 'Email must not exceed 255 characters',
  consentKindInvalid: 'Consent must be admission, photo or apaar',
  consentStatusInvalid: 'Status must be given or withdrawn',
  noteTooLong: 'Note must not exceed 500 characters',
  requestKindInvalid: 'Request must be correction or erasure',
  fieldTooLong: 'Field must not exceed 60 characters',
  messageRequired: 'Say what should change',
  messageTooLong: 'Message must not exceed 1000 characters',
  requestStatusInvalid: 'Status must be open, resolved, declined or all',
  resolutionInvalid: 'Resolution must be resolved or declined',
} as const;
const M = GUARDIAN_MESSAGES;

// ── guardian invitations and links ───────────────────────────────────────
/** POST …/students/{studentId}/guardian-invitations: the student's guardians with an e-mail, or the one named. */
export const studentGuardianInvitationSchema = z.object({
  email: optionalField(emailField(M.emailInvalid, M.emailTooLong).max(EMAIL_MAX, M.emailTooLong)),
});
export type StudentGuardianInvitationInput = z.infer<typeof studentGuardianInvitationSchema>;

export const GUARDIAN_INVITE_SKIP_REASONS = ['no_email', 'already_linked', 'not_invited'] as const;
export type GuardianInviteSkipReason = (typeof GUARDIAN_INVITE_SKIP_REASONS)[number];

/** What inviting guardians did: one invitation per address (siblings share one), and the students left out and why. */
export interface GuardianInvitationsResult {
  invitations: Invitation[];
  skipped: { studentId: string; email: string | null; reason: GuardianInviteSkipReason }[];
}

/** A guardian account linked to a student. */
export interface GuardianAccount {
  userId: string;
  username: string;
  name: string | null;
  email: string;
  linkedAt: string;
}
export interface GuardianAccountList {
  items: GuardianAccount[];
}

/** GET /me/children: a signed-in guardian's children in every school, for the one account's switcher. */
export interface MyChild {
  schoolId: string;
  schoolName: string;
  subdomain: string;
  studentId: string;
  name: string;
  admissionNumber: string;
  classId: string | null;
  className: string | null;
  sectionId: string | null;
  sectionName: string | null;
  status: string;
}
export interface MyChildrenResult {
  children: MyChild[];
}

// ── consents (DPDP Act 2023) ─────────────────────────────────────────────
export const CONSENT_KINDS = ['admission', 'photo', 'apaar'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];
export const CONSENT_STATUSES = ['given', 'withdrawn'] as const;
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];

/** POST …/students/{studentId}/consents: a guardian (or the office, from a paper form) records a consent given or withdrawn. */
export const recordConsentSchema = z.object({
  kind: z.enum(CONSENT_KINDS, { error: M.consentKindInvalid }),
  status: z.enum(CONSENT_STATUSES, { error: M.consentStatusInvalid }),
  note: optionalField(z.string().trim().max(500, M.noteTooLong)),
});
export type RecordConsentInput = z.infer<typeof recordConsentSchema>;

export interface ConsentState {
  kind: ConsentKind;
  /** `not_recorded` until someone gives or withdraws it (an admission consent comes from the application). */
  status: ConsentStatus | 'not_recorded';
  at: string | null;
  /** Who recorded it: `guardian`, `school` (a staff member on a paper form) or `application` (the public admission form). */
  source: 'guardian' | 'school' | 'application' | null;
  byName: string | null;
  note: string | null;
  purpose: string | null;
}
export interface ConsentEvent {
  id: string;
  studentId: string;
  studentName: string;
  kind: ConsentKind;
  status: ConsentStatus;
  source: 'guardian' | 'school';
  byName: string | null;
  note: string | null;
  at: string;
}

/** What the school holds about a child: each category, its fields and whether a value is held (never the value of Aadhaar). */
export interface DataHeld {
  category: 'identity' | 'enrolment' | 'guardians' | 'identifiers' | 'background' | 'address' | 'photo';
  fields: { field: string; held: boolean }[];
}

export interface StudentDataRights {
  studentId: string;
  studentName: string;
  held: DataHeld[];
  consents: ConsentState[];
  history: ConsentEvent[];
  requests: DataRequest[];
}

export const listConsentEventsQuerySchema = z.object({
  status: optionalField(z.enum(CONSENT_STATUSES, { error: M.consentStatusInvalid })),
  ...pageQueryShape,
});
export type ListConsentEventsQuery = z.output<typeof listConsentEventsQuerySchema>;
export type ConsentEventList = Page<ConsentEvent>;

// ── data requests (correction, erasure) ──────────────────────────────────
export const DATA_REQUEST_KINDS = ['correction', 'erasure'] as const;
export type DataRequestKind = (typeof DATA_REQUEST_KINDS)[number];
export const DATA_REQUEST_STATUSES = ['open', 'resolved', 'declined'] as const;
export type DataRequestStatus = (typeof DATA_REQUEST_STATUSES)[number];

export const createDataRequestSchema = z.object({
  kind: z.enum(DATA_REQUEST_KINDS, { error: M.requestKindInvalid }).default('correction'),
  field: optionalField(z.string().trim().max(60, M.fieldTooLong)),
  message: requiredText(1000, M.messageRequired, M.messageTooLong),
});
export type CreateDataRequestInput = z.infer<typeof createDataRequestSchema>;

export const listDataRequestsQuerySchema = z.object({
  status: optionalField(z.enum([...DATA_REQUEST_STATUSES, 'all'], { error: M.requestStatusInvalid })),
  ...pageQueryShape,
});
export type ListDataRequestsQuery = z.output<typeof listDataRequestsQuerySchema>;

export const resolveDataRequestSchema = z.object({
  status: z.enum(['resolved', 'declined'], { error: M.resolutionInvalid }),
  note: optionalField(z.string().trim().max(500, M.noteTooLong)),
});
export type ResolveDataRequestInput = z.infer<typeof resolveDataRequestSchema>;

export interface DataRequest {
  id: string;
  studentId: string;
  studentName: string;
  kind: DataRequestKind;
  field: string | null;
  message: string;
  status: DataRequestStatus;
  requestedByName: string | null;
  requestedAt: string;
  resolvedByName: string | null;
  resolvedAt: string | null;
  resolutionNote: string | null;
}
export type DataRequestList = Page<DataRequest>;
export interface DataRequestResult {
  request: DataRequest;
}

/**
 * GET /schools/{id}/students/{studentId}/published-results?academicYear=: a child's published
 * exams of the year on screen (per exam: subjects, marks, grades, result), read from the exams
 * module's report-card snapshots frozen at publication. Nothing unpublished; another child is 404.
 */
export const publishedResultsQuerySchema = reportCardQuerySchema.pick({ academicYear: true });
export type PublishedResultsQuery = z.output<typeof publishedResultsQuerySchema>;
export interface PublishedResults {
  studentId: string;
  academicYear: string;
  exams: ReportCardTerm[];
}
export interface PublishedResultsResult {
  results: PublishedResults;
}
