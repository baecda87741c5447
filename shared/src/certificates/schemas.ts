import { z } from 'zod';
import { blankToUndefined, optionalField, requiredText } from '../schemas/common';
import { numberInWordsIndian } from '../rules/money';
import { pageQueryShape, pageSchema } from '../workspace/common';

/**
 * Certificates (DECISIONS "Certificates"; issue 30): transfer (TC, the CBSE bye-laws' fields),
 * bonafide (with a purpose) and character certificates, their register, the public check of a
 * certificate's verification code, and a section's ID cards.
 */
export const CERTIFICATE_KINDS = ['transfer', 'bonafide', 'character'] as const;
export type CertificateKind = (typeof CERTIFICATE_KINDS)[number];
export const CERTIFICATE_STATUSES = ['issued', 'cancelled'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

/** Number prefixes: `TC/2026-27/0001`, `BON/2026-27/0001`, `CHR/2026-27/0001`. */
export const CERTIFICATE_PREFIXES: Record<CertificateKind, string> = { transfer: 'TC', bonafide: 'BON', character: 'CHR' };

export function formatCertificateNumber(kind: CertificateKind, academicYear: string, seq: number): string {
  return `${CERTIFICATE_PREFIXES[kind]}/${academicYear}/${String(seq).padStart(4, '0')}`;
}

/**
 * The transfer certificate's fields in the order the CBSE bye-laws list them. Every one is filled
 * from the student's record when the TC is issued; `fields` in the body overrides any of them
 * (the office judges conduct, games, NCC/scouts and remarks).
 */
export const TC_FIELD_KEYS = [
  'studentName',
  'fatherName',
  'motherName',
  'nationality',
  'category',
  'firstAdmission',
  'dateOfBirth',
  'dateOfBirthInWords',
  'classLastStudied',
  'boardResult',
  'subjects',
  'qualifiedForPromotion',
  'feesPaidUpTo',
  'workingDays',
  'daysPresent',
  'nccScouts',
  'games',
  'conduct',
  'dateOfApplication',
  'dateOfIssue',
  'reasonForLeaving',
  'remarks',
] as const;
export type TcFieldKey = (typeof TC_FIELD_KEYS)[number];
/** The fields a bonafide or character certificate may carry besides the record's. */
export const OTHER_FIELD_KEYS = ['conduct', 'remarks'] as const;

export const CERTIFICATE_MESSAGES = {
  kind: 'Kind must be transfer, bonafide or character',
  purposeRequired: 'Say what the bonafide certificate is for',
  purposeTooLong: 'Purpose must not exceed 200 characters',
  field: 'Each field must be text of at most 500 characters',
  fieldUnknown: 'This field is not on the certificate',
  reasonRequired: 'Give the reason (at most 500 characters)',
  overrideDues: 'overrideDues must be true or false',
  academicYear: 'Academic year must look like 2026-27',
  lang: 'Language must be en or hi',
  format: 'Format must be json or xlsx',
} as const;
const M = CERTIFICATE_MESSAGES;

const fieldValue = z.string({ error: M.field }).trim().max(500, M.field);

export const issueCertificateSchema = z
  .object({
    kind: z.enum(CERTIFICATE_KINDS, { error: M.kind }),
    purpose: optionalField(z.string().trim().max(200, M.purposeTooLong)),
    fields: z.record(z.string(), fieldValue).optional(),
    overrideDues: z.preprocess(blankToUndefined, z.boolean({ error: M.overrideDues }).optional()),
    reason: optionalField(z.string().trim().max(500, M.reasonRequired)),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'bonafide' && !v.purpose) ctx.addIssue({ code: 'custom', message: M.purposeRequired, path: ['purpose'] });
    if (v.overrideDues && !v.reason) ctx.addIssue({ code: 'custom', message: M.reasonRequired, path: ['reason'] });
    const allowed: readonly string[] = v.kind === 'transfer' ? TC_FIELD_KEYS : OTHER_FIELD_KEYS;
    for (const key of Object.keys(v.fields ?? {})) {
      if (!allowed.includes(key)) ctx.addIssue({ code: 'custom', message: M.fieldUnknown, path: ['fields', key] });
    }
  });
export type IssueCertificateInput = z.output<typeof issueCertificateSchema>;

export const cancelCertificateSchema = z.object({ reason: requiredText(500, M.reasonRequired, M.reasonRequired) });
export type CancelCertificateInput = z.output<typeof cancelCertificateSchema>;

export const listCertificatesQuerySchema = z.object({
  kind: optionalField(z.enum(CERTIFICATE_KINDS, { error: M.kind })),
  academicYear: optionalField(z.string().trim().regex(/^\d{4}-\d{2}$/, M.academicYear)),
  status: optionalField(z.enum(CERTIFICATE_STATUSES)),
  studentId: optionalField(z.uuid()),
  format: optionalField(z.enum(['json', 'xlsx'], { error: M.format })),
  ...pageQueryShape,
});
export type ListCertificatesQuery = z.output<typeof listCertificatesQuerySchema>;

export const certificatePdfQuerySchema = z.object({ lang: optionalField(z.enum(['en', 'hi'], { error: M.lang })) });

/** The verification code: 22 base64url characters (128 random bits). Anything else is unknown. */
export const VERIFY_CODE_PATTERN = /^[A-Za-z0-9_-]{22}$/;

// ── answers ───────────────────────────────────────────────────────────────
// Each answer is a schema, its type inferred from it (the back end wraps it in the envelope).
export const certificateSchema = z.object({
  id: z.uuid(),
  kind: z.enum(CERTIFICATE_KINDS),
  number: z.string(),
  status: z.enum(CERTIFICATE_STATUSES),
  issuedOn: z.string(),
  verifyCode: z.string(),
  academicYear: z.string(),
  studentId: z.uuid(),
  studentName: z.string(),
  admissionNumber: z.string(),
  className: z.string().nullable(),
  purpose: z.string().nullable(),
  /** What the certificate says (a TC: TC_FIELD_KEYS; others: conduct, remarks). */
  fields: z.record(z.string(), z.string()),
  /** The school's prints so far (the first is the original; every later one is DUPLICATE). */
  printCount: z.int(),
  duesOverridden: z.boolean(),
  /** The cancelled certificate this one corrects. */
  replacesNumber: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  issuedByName: z.string().nullable(),
  createdAt: z.string(),
});
export type Certificate = z.output<typeof certificateSchema>;
export const certificateResultSchema = z.object({ certificate: certificateSchema });
export type CertificateResult = z.output<typeof certificateResultSchema>;
export const certificateListSchema = pageSchema(certificateSchema);
export type CertificateList = z.output<typeof certificateListSchema>;

/** `GET /public/certificates/{verifyCode}`: what the certificate says about itself, nothing more. */
export const publicCertificateSchema = z.object({
  kind: z.enum(CERTIFICATE_KINDS),
  number: z.string(),
  schoolName: z.string(),
  /** The first name and the surname's initial: `Aarav S.`. */
  studentName: z.string(),
  issuedOn: z.string(),
  status: z.enum(CERTIFICATE_STATUSES),
});
export type PublicCertificate = z.output<typeof publicCertificateSchema>;

/** `Aarav Sharma` → `Aarav S.`; `Aarav Kumar Sharma` → `Aarav Kumar S.`; a single name stays. */
export function nameWithSurnameInitial(firstName: string, lastName: string | null): string {
  const last = (lastName ?? '').trim();
  const first = firstName.trim();
  if (!last) return first;
  return `${first} ${last.charAt(0).toUpperCase()}.`;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const ORDINAL_WORDS: Record<number, string> = {
  1: 'First', 2: 'Second', 3: 'Third', 4: 'Fourth', 5: 'Fifth', 6: 'Sixth', 7: 'Seventh', 8: 'Eighth', 9: 'Ninth', 10: 'Tenth',
  11: 'Eleventh', 12: 'Twelfth', 13: 'Thirteenth', 14: 'Fourteenth', 15: 'Fifteenth', 16: 'Sixteenth', 17: 'Seventeenth', 18: 'Eighteenth',
  19: 'Nineteenth', 20: 'Twentieth', 21: 'Twenty-First', 22: 'Twenty-Second', 23: 'Twenty-Third', 24: 'Twenty-Fourth', 25: 'Twenty-Fifth',
  26: 'Twenty-Sixth', 27: 'Twenty-Seventh', 28: 'Twenty-Eighth', 29: 'Twenty-Ninth', 30: 'Thirtieth', 31: 'Thirty-First',
};

/** A date of birth in words, as a TC writes it: `2016-05-14` → `Fourteenth May Two Thousand Sixteen`. */
export function dateInWords(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return '';
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return `${ORDINAL_WORDS[d] ?? ''} ${MONTHS[mo - 1] ?? ''} ${numberInWordsIndian(y)}`.trim();
}

/** The public verification address of a certificate on the school's portal. */
export function certificateVerifyPath(verifyCode: string): string {
  return `/verify/${verifyCode}`;
}

// ── leavers in bulk, the school's setting, the published TC list (issue 30) ──
export const BULK_CERTIFICATE_MESSAGES = {
  classId: 'Choose a class',
  studentIds: 'studentIds must be a list of at most 200 student ids',
  publish: 'publishTcList must be true or false',
} as const;

/** `GET …/certificates/leavers?classId=`: the class's students who left or passed out. */
export const leaversQuerySchema = z.object({ classId: z.uuid({ error: BULK_CERTIFICATE_MESSAGES.classId }) });
export type LeaversQuery = z.output<typeof leaversQuerySchema>;

/**
 * `POST …/certificates/transfer/bulk` `{classId, studentIds?, fields?}`: a TC for each of the class's
 * leavers (or the ones named) who has none live; each in its own transaction, so a refusal (dues,
 * a live TC) skips that student and gives no number away. `fields` may carry the lines the office
 * judges for all of them (conduct, games, …); no dues override in bulk.
 */
export const bulkTransferSchema = z
  .object({
    classId: z.uuid({ error: BULK_CERTIFICATE_MESSAGES.classId }),
    studentIds: z.array(z.uuid({ error: BULK_CERTIFICATE_MESSAGES.studentIds }), { error: BULK_CERTIFICATE_MESSAGES.studentIds }).min(1, BULK_CERTIFICATE_MESSAGES.studentIds).max(200, BULK_CERTIFICATE_MESSAGES.studentIds).optional(),
    fields: z.record(z.string(), fieldValue).optional(),
  })
  .superRefine((v, ctx) => {
    for (const key of Object.keys(v.fields ?? {})) {
      if (!(TC_FIELD_KEYS as readonly string[]).includes(key)) ctx.addIssue({ code: 'custom', message: M.fieldUnknown, path: ['fields', key] });
    }
  });
export type BulkTransferInput = z.output<typeof bulkTransferSchema>;

export const leaverSchema = z.object({
  studentId: z.uuid(),
  name: z.string(),
  admissionNumber: z.string(),
  sectionName: z.string().nullable(),
  status: z.enum(['left', 'passed_out']),
  leftOn: z.string().nullable(),
  /** Unpaid dues due by today, in paise (a TC is refused while it is above 0). */
  duesPaise: z.int(),
  /** The live TC's number, when the student has one. */
  certificateNumber: z.string().nullable(),
  certificateId: z.uuid().nullable(),
});
export type Leaver = z.output<typeof leaverSchema>;
export const leaverListSchema = z.object({ className: z.string(), academicYear: z.string(), items: z.array(leaverSchema) });
export type LeaverList = z.output<typeof leaverListSchema>;

export const BULK_SKIP_CODES = ['DUES_OUTSTANDING', 'CERTIFICATE_EXISTS', 'STUDENT_NOT_LEFT', 'NOT_FOUND'] as const;
export type BulkSkipCode = (typeof BULK_SKIP_CODES)[number];
export const bulkTransferResultSchema = z.object({
  issued: z.array(certificateSchema),
  skipped: z.array(z.object({ studentId: z.string(), name: z.string(), code: z.enum(BULK_SKIP_CODES), message: z.string() })),
});
export type BulkTransferResult = z.output<typeof bulkTransferResultSchema>;

/** `GET/PUT …/certificates/settings`: whether the school publishes its TC list on its portal page. */
export const certificateSettingsSchema = z.object({ publishTcList: z.boolean({ error: BULK_CERTIFICATE_MESSAGES.publish }) });
export type CertificateSettings = z.output<typeof certificateSettingsSchema>;
export const certificateSettingsResultSchema = z.object({ settings: z.object({ publishTcList: z.boolean() }) });
export type CertificateSettingsResult = z.output<typeof certificateSettingsResultSchema>;

/** `GET /public/schools/{subdomain}/transfer-certificates?academicYear=`: 404 unless the school publishes. */
export const publicTcListQuerySchema = z.object({ academicYear: optionalField(z.string().trim().regex(/^\d{4}-\d{2}$/, M.academicYear)) });
export const publicTcListSchema = z.object({
  schoolName: z.string(),
  academicYear: z.string(),
  /** The years with a TC, newest first. */
  academicYears: z.array(z.string()),
  items: z.array(z.object({ number: z.string(), initials: z.string(), className: z.string().nullable(), issuedOn: z.string(), status: z.enum(CERTIFICATE_STATUSES) })),
});
export type PublicTcList = z.output<typeof publicTcListSchema>;

/** A name as initials for the published TC list: `Aarav Kumar Sharma` → `A. K. S.`. */
export function nameInitials(firstName: string, lastName: string | null): string {
  return `${firstName} ${lastName ?? ''}`
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => `${Array.from(w)[0]!.toUpperCase()}.`)
    .join(' ');
}
