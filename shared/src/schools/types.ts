import type { ApprovalStatus, PlanType, SchoolLevel } from '../constants';

export type SchoolAddress = {
  address1: string;
  address2: string | null;
  locality: string;
  city: string;
  state: string;
  country: string;
  pinCode: string;
  landmark: string | null;
};

export type SchoolMetaData = {
  approvalStatus: ApprovalStatus;
  studentStrength?: number;
  /** Set while the school is rejected. */
  rejectionReason?: string | null;
};

/** A school as the API shows it to its administrator (spec §3, DECISIONS.md). Dates are ISO 8601. */
export type SchoolDto = {
  id: string;
  name: string;
  subdomain: string;
  level: SchoolLevel;
  board: string | null;
  schoolCode: string | null;
  /** The board's affiliation number (issue 20; additive). */
  affiliationNumber?: string | null;
  principalName: string | null;
  email: string | null;
  phoneNumbers: string[];
  establishedYear: number | null;
  language: string | null;
  address: SchoolAddress;
  isActive: boolean;
  planType: PlanType;
  /** Set on approval: 30 days later. */
  trialEndsAt: string | null;
  maxStudents: number;
  metaData: SchoolMetaData;
  createdAt: string;
  updatedAt: string;
  /** When the school was created or last re-submitted after a rejection (the approval queue's order). */
  submittedAt?: string;
  /** The first approval; the trial runs 30 days from it. */
  approvedAt?: string | null;
};

/** POST /school/create and GET /auth/my-school answer data. */
export type SchoolResult = { school: SchoolDto };

/** The school's administrator, as provider staff see it. */
export type SchoolOwner = { id: string; username: string; email: string };

/** GET /public/schools/{subdomain}: what anyone may see of an active school. */
export type PublicSchoolProfile = {
  name: string;
  subdomain: string;
  city: string;
  state: string;
  board: string | null;
  level: SchoolLevel;
};

export type PublicSchoolResult = { school: PublicSchoolProfile };
