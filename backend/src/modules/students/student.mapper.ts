import { randomUUID } from 'node:crypto';
import { ERROR_CODES, istDate, maskAadhaar } from '@vidyalaya/shared';
import {
  STUDENT_MESSAGES,
  TRIAL_MAX_STUDENTS,
  type Application,
  type CreateStudentInput,
  type GuardianInput,
  type Student,
  type StudentListItem,
} from '@vidyalaya/shared/students';
import { DomainException } from '../../common/domain.exception';
import type { AadhaarCipher } from './aadhaar-cipher';
import type { ApplicationRow, NewGuardian, NewStudent, SectionInfo, StudentListRow, StudentRow } from './students.repository';

const fullName = (first: string, last: string | null) => (last ? `${first} ${last}` : first);

export function toStudent(r: StudentRow): Student {
  return {
    id: r.id,
    admissionNumber: r.admission_number,
    firstName: r.first_name,
    lastName: r.last_name,
    name: fullName(r.first_name, r.last_name),
    dateOfBirth: r.date_of_birth,
    gender: r.gender,
    status: r.status,
    leftOn: r.left_on,
    leavingReason: r.leaving_reason,
    enrolment:
      r.section_id && r.class_id
        ? {
            academicYear: r.academic_year ?? '',
            classId: r.class_id,
            className: r.class_name ?? '',
            sectionId: r.section_id,
            sectionName: r.section_name ?? '',
            rollNumber: r.roll_number,
          }
        : null,
    guardians: r.guardians.map((g) => ({ id: g.id, name: g.name, relation: g.relation, phone: g.phone, email: g.email, isPrimary: g.position === 0 })),
    pen: r.pen,
    apaarId: r.apaar_id,
    aadhaarMasked: r.aadhaar_last4 ? maskAadhaar(r.aadhaar_last4) : null,
    motherTongue: r.mother_tongue,
    socialCategory: r.social_category,
    religion: r.religion,
    bloodGroup: r.blood_group,
    cwsn: r.cwsn,
    rte: r.rte,
    bpl: r.bpl,
    address: { address1: r.address1, locality: r.locality, city: r.city, state: r.state, pinCode: r.pin_code },
    admissionDate: r.admission_date,
    hasPhoto: r.has_photo,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

/** The image type a file's first bytes prove (never the name or the declared type), or null. */
export function photoType(bytes: Buffer): 'image/jpeg' | 'image/png' | 'image/webp' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 12 && bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return null;
}

export function toListItem(r: StudentListRow): StudentListItem {
  return {
    id: r.id,
    admissionNumber: r.admission_number,
    name: fullName(r.first_name, r.last_name),
    firstName: r.first_name,
    lastName: r.last_name,
    gender: r.gender,
    dateOfBirth: r.date_of_birth,
    status: r.status,
    classId: r.class_id,
    className: r.class_name,
    sectionId: r.section_id,
    sectionName: r.section_name,
    rollNumber: r.roll_number,
    guardianName: r.guardian_name,
    guardianPhone: r.guardian_phone,
    rte: r.rte,
  };
}

export function toApplication(r: ApplicationRow): Application {
  return {
    id: r.id,
    applicationNumber: r.application_number,
    status: r.status,
    firstName: r.first_name,
    lastName: r.last_name,
    name: fullName(r.first_name, r.last_name),
    dateOfBirth: r.date_of_birth,
    gender: r.gender,
    classApplied: r.class_applied,
    guardian: { name: r.guardian_name, relation: r.guardian_relation, phone: r.guardian_phone, email: r.guardian_email },
    rte: r.rte,
    consent: { at: r.consent_at.toISOString(), purpose: r.consent_purpose, policyVersion: r.consent_policy_version },
    rejectionReason: r.rejection_reason,
    studentId: r.student_id,
    decidedAt: r.decided_at ? r.decided_at.toISOString() : null,
    createdAt: r.created_at.toISOString(),
  };
}

/** What the register's search matches: names (both orders), admission number, guardian phones. */
export function searchText(first: string, last: string | null, admissionNumber: string, phones: string[]): string {
  return [fullName(first, last), last ? `${last} ${first}` : '', admissionNumber, ...phones].join(' | ').toLowerCase();
}

/** The student (and its guardians) a validated create makes: the columns to insert, Aadhaar sealed. */
export function newStudentRows(
  schoolId: string,
  input: Omit<CreateStudentInput, 'admissionNumber' | 'sectionId'> & { admissionNumber: string },
  section: SectionInfo,
  cipher: AadhaarCipher,
  applicationId: string | null = null,
): { student: NewStudent; guardians: NewGuardian[] } {
  const id = randomUUID();
  const sealed = input.aadhaar ? cipher.seal(schoolId, input.aadhaar) : null;
  const guardians = guardianRows(id, input.guardians);
  return {
    student: {
      id,
      admission_number: input.admissionNumber,
      first_name: input.firstName,
      last_name: input.lastName ?? null,
      date_of_birth: input.dateOfBirth,
      gender: input.gender,
      academic_year_id: section.academic_year_id,
      class_id: section.class_id,
      section_id: section.section_id,
      roll_number: input.rollNumber ?? null,
      pen: input.pen ?? null,
      apaar_id: input.apaarId ?? null,
      aadhaar_cipher: sealed ? sealed.cipher.toString('hex') : null,
      aadhaar_last4: sealed ? sealed.last4 : null,
      aadhaar_hmac: sealed ? sealed.hmac.toString('hex') : null,
      mother_tongue: input.motherTongue ?? null,
      social_category: input.socialCategory ?? null,
      religion: input.religion ?? null,
      blood_group: input.bloodGroup ?? null,
      cwsn: input.cwsn ?? false,
      rte: input.rte ?? false,
      bpl: input.bpl ?? false,
      address1: input.address?.address1 ?? null,
      locality: input.address?.locality ?? null,
      city: input.address?.city ?? null,
      state: input.address?.state ?? null,
      pin_code: input.address?.pinCode ?? null,
      admission_date: input.admissionDate ?? null,
      application_id: applicationId,
      search_text: searchText(input.firstName, input.lastName ?? null, input.admissionNumber, guardians.map((g) => g.phone)),
    },
    guardians,
  };
}

export function guardianRows(studentId: string, guardians: GuardianInput[]): NewGuardian[] {
  return guardians.map((g, position) => ({ student_id: studentId, position, name: g.name, relation: g.relation, phone: g.phone, email: g.email ?? null }));
}

/** 422 STUDENT_LIMIT_REACHED unless `adding` more active students fit under the school's limit. */
export function ensureRoom(counts: { active: number; max: number }, adding: number): void {
  if (adding <= 0 || counts.active + adding <= counts.max) return;
  throw new DomainException('STUDENT_LIMIT_REACHED', {
    message: counts.max === TRIAL_MAX_STUDENTS ? ERROR_CODES.STUDENT_LIMIT_REACHED.message : `This school’s plan allows up to ${counts.max} students`,
    data: { activeStudents: counts.active, maxStudents: counts.max },
  });
}

/** Today's date in India, YYYY-MM-DD. */
export function todayIST(now: Date): string {
  return istDate(now);
}

/** 400 when a date of birth lies after today in India (the schema cannot know today). */
export function ensureBornBy(dateOfBirth: string | undefined | null, now: Date): void {
  if (dateOfBirth && dateOfBirth > todayIST(now)) {
    throw new DomainException('VALIDATION_FAILED', { details: { dateOfBirth: STUDENT_MESSAGES.dateOfBirthFuture } });
  }
}
