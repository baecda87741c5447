import type { CreateSchoolPayload, PublicSchoolProfile, SchoolDto } from '@vidyalaya/shared/schools';
import type { SchoolEntity } from './school.entity';
import { studentStrengthOf } from './student-strength';

/** The school as its administrator (and staff) see it (spec §3 School; DECISIONS.md). */
export function toSchoolDto(s: SchoolEntity): SchoolDto {
  return {
    id: s.id,
    name: s.name,
    subdomain: s.subdomain,
    level: s.level,
    board: s.board,
    schoolCode: s.schoolCode,
    affiliationNumber: s.affiliationNumber ?? null,
    principalName: s.principalName,
    email: s.email,
    phoneNumbers: [...s.phoneNumbers],
    establishedYear: s.establishedYear,
    language: s.language,
    address: {
      address1: s.address1,
      address2: s.address2,
      locality: s.locality,
      city: s.city,
      state: s.state,
      country: s.country,
      pinCode: s.pinCode,
      landmark: s.landmark,
    },
    isActive: s.isActive,
    planType: s.planType,
    trialEndsAt: s.trialEndsAt ? s.trialEndsAt.toISOString() : null,
    maxStudents: s.maxStudents,
    metaData: {
      approvalStatus: s.approvalStatus,
      studentStrength: studentStrengthOf(s),
      rejectionReason: s.approvalStatus === 'rejected' ? s.rejectionReason : null,
    },
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
    submittedAt: s.submittedAt.toISOString(),
    approvedAt: s.approvedAt ? s.approvedAt.toISOString() : null,
  };
}

/** What anyone may see of an active school (GET /public/schools/{subdomain}). */
export function toPublicProfile(s: SchoolEntity): PublicSchoolProfile {
  return { name: s.name, subdomain: s.subdomain, city: s.city, state: s.state, board: s.board, level: s.level };
}

/** The columns a create or edit payload sets (every optional value absent → null). */
export function schoolColumns(p: CreateSchoolPayload) {
  return {
    name: p.name,
    subdomain: p.subdomain,
    schoolCode: p.schoolCode ?? null,
    affiliationNumber: p.affiliationNumber ?? null,
    level: p.level,
    board: p.board ?? null,
    principalName: p.principalName ?? null,
    email: p.email ?? null,
    phoneNumbers: p.phoneNumbers,
    establishedYear: p.establishedYear ?? null,
    language: p.language ?? null,
    address1: p.address.address1,
    address2: p.address.address2 ?? null,
    locality: p.address.locality,
    city: p.address.city,
    state: p.address.state,
    country: p.address.country,
    pinCode: p.address.pinCode,
    landmark: p.address.landmark ?? null,
  };
}
