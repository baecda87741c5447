import { z } from 'zod';
import { EMAIL_MAX } from '../constants';
import { emailField, optionalField, requiredText } from '../schemas/common';
import { pageQueryShape, pageSchema } from '../workspace/common';
import { reportCardQuerySchema, reportCardTermSchema } from '../exams/index';
import { invitationSchema } from '../people/schemas';

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

// The answers are schemas, their types inferred from them (the back end wraps them in the envelope).
/** What inviting guardians did: one invitation per address (siblings share one), and the students left out and why. */
export const guardianInvitationsResultSchema = z.object({
  invitations: z.array(invitationSchema),
  skipped: z.array(z.object({ studentId: z.uuid(), email: z.string().nullable(), reason: z.enum(GUARDIAN_INVITE_SKIP_REASONS) })),
});
export type GuardianInvitationsResult = z.output<typeof guardianInvitationsResultSchema>;

/** A guardian account linked to a student. */
export const guardianAccountSchema = z.object({ userId: z.uuid(), username: z.string(), name: z.string().nullable(), email: z.string(), linkedAt: z.string() });
export type GuardianAccount = z.output<typeof guardianAccountSchema>;
export const guardianAccountListSchema = z.object({ items: z.array(guardianAccountSchema) });
export type GuardianAccountList = z.output<typeof guardianAccountListSchema>;

/** GET /me/children: a signed-in guardian's children in every school, for the one account's switcher. */
export const myChildSchema = z.object({
  schoolId: z.uuid(),
  schoolName: z.string(),
  subdomain: z.string(),
  studentId: z.uuid(),
  name: z.string(),
  admissionNumber: z.string(),
  classId: z.uuid().nullable(),
  className: z.string().nullable(),
  sectionId: z.uuid().nullable(),
  sectionName: z.string().nullable(),
  status: z.string(),
});
export type MyChild = z.output<typeof myChildSchema>;
export const myChildrenResultSchema = z.object({ children: z.array(myChildSchema) });
export type MyChildrenResult = z.output<typeof myChildrenResultSchema>;

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

export const consentStateSchema = z.object({
  kind: z.enum(CONSENT_KINDS),
  /** `not_recorded` until someone gives or withdraws it (an admission consent comes from the application). */
  status: z.enum([...CONSENT_STATUSES, 'not_recorded']),
  at: z.string().nullable(),
  /** Who recorded it: `guardian`, `school` (a staff member on a paper form) or `application` (the public admission form). */
  source: z.enum(['guardian', 'school', 'application']).nullable(),
  byName: z.string().nullable(),
  note: z.string().nullable(),
  purpose: z.string().nullable(),
});
export type ConsentState = z.output<typeof consentStateSchema>;
export const consentEventSchema = z.object({
  id: z.uuid(),
  studentId: z.uuid(),
  studentName: z.string(),
  kind: z.enum(CONSENT_KINDS),
  status: z.enum(CONSENT_STATUSES),
  source: z.enum(['guardian', 'school']),
  byName: z.string().nullable(),
  note: z.string().nullable(),
  at: z.string(),
});
export type ConsentEvent = z.output<typeof consentEventSchema>;
/** What recording a consent answers: the event recorded. */
export const consentResultSchema = z.object({ consent: consentEventSchema });
export type ConsentResult = z.output<typeof consentResultSchema>;

/** What the school holds about a child: each category, its fields and whether a value is held (never the value of Aadhaar). */
export const dataHeldSchema = z.object({
  category: z.enum(['identity', 'enrolment', 'guardians', 'identifiers', 'background', 'address', 'photo']),
  fields: z.array(z.object({ field: z.string(), held: z.boolean() })),
});
export type DataHeld = z.output<typeof dataHeldSchema>;

export const listConsentEventsQuerySchema = z.object({
  status: optionalField(z.enum(CONSENT_STATUSES, { error: M.consentStatusInvalid })),
  ...pageQueryShape,
});
export type ListConsentEventsQuery = z.output<typeof listConsentEventsQuerySchema>;
export const consentEventListSchema = pageSchema(consentEventSchema);
export type ConsentEventList = z.output<typeof consentEventListSchema>;

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

export const dataRequestSchema = z.object({
  id: z.uuid(),
  studentId: z.uuid(),
  studentName: z.string(),
  kind: z.enum(DATA_REQUEST_KINDS),
  field: z.string().nullable(),
  message: z.string(),
  status: z.enum(DATA_REQUEST_STATUSES),
  requestedByName: z.string().nullable(),
  requestedAt: z.string(),
  resolvedByName: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  resolutionNote: z.string().nullable(),
});
export type DataRequest = z.output<typeof dataRequestSchema>;
export const dataRequestListSchema = pageSchema(dataRequestSchema);
export type DataRequestList = z.output<typeof dataRequestListSchema>;
export const dataRequestResultSchema = z.object({ request: dataRequestSchema });
export type DataRequestResult = z.output<typeof dataRequestResultSchema>;

/** GET …/students/{studentId}/data-rights: what the school holds about the child, its consents and their history, and the requests. */
export const studentDataRightsSchema = z.object({
  studentId: z.uuid(),
  studentName: z.string(),
  held: z.array(dataHeldSchema),
  consents: z.array(consentStateSchema),
  history: z.array(consentEventSchema),
  requests: z.array(dataRequestSchema),
});
export type StudentDataRights = z.output<typeof studentDataRightsSchema>;

/**
 * GET /schools/{id}/students/{studentId}/published-results?academicYear=: a child's published
 * exams of the year on screen (per exam: subjects, marks, grades, result), read from the exams
 * module's report-card snapshots frozen at publication. Nothing unpublished; another child is 404.
 */
export const publishedResultsQuerySchema = reportCardQuerySchema.pick({ academicYear: true });
export type PublishedResultsQuery = z.output<typeof publishedResultsQuerySchema>;
export const publishedResultsSchema = z.object({ studentId: z.uuid(), academicYear: z.string(), exams: z.array(reportCardTermSchema) });
export type PublishedResults = z.output<typeof publishedResultsSchema>;
export const publishedResultsResultSchema = z.object({ results: publishedResultsSchema });
export type PublishedResultsResult = z.output<typeof publishedResultsResultSchema>;
