import { Users1763800000000 } from './1763800000000-users';
import { RateLimits1763800000100 } from './1763800000100-rate-limits';
import { AuthCodesAndSessions1763800001000 } from './1763800001000-auth-codes-and-sessions';
import { Schools1763800002000 } from './1763800002000-schools';
import { Academics1763800002100 } from './1763800002100-academics';
import { ContactMessages1763800002200 } from './1763800002200-contact-messages';
import { SchoolSummaries1763800003000 } from './1763800003000-school-summaries';
import { Workspace1764100000000 } from './1764100000000-workspace';
import { SchoolAffiliationNumber1764200000000 } from './1764200000000-school-affiliation-number';
import { StaffTimetableCalendar1764400000000 } from './1764400000000-staff-timetable-calendar';
import { Students1764300000000 } from './1764300000000-students';
import { Attendance1764500000000 } from './1764500000000-attendance';
import { Fees1764600000000 } from './1764600000000-fees';
import { Exams1764700000000 } from './1764700000000-exams';
import { AssessmentSchemes1764700000100 } from './1764700000100-assessment-schemes';
import { ReportSettings1764700000200 } from './1764700000200-report-settings';
import { GuardiansNotices1764800000000 } from './1764800000000-guardians-notices';
import { OnlinePayments1765200000000 } from './1765200000000-online-payments';
import { FeeReceiptDetails1765600000000 } from './1765600000000-fee-receipt-details';
import { CertificateSettings1765730000000 } from './1765730000000-certificate-settings';
import { Certificates1765000000000 } from './1765000000000-certificates';
import { Messaging1765100000000 } from './1765100000000-messaging';
import { Promotions1764900000000 } from './1764900000000-promotions';
import { PromotionTimetable1765800000000 } from './1765800000000-promotion-timetable';
import { UsernameSkeleton1765900000000 } from './1765900000000-username-skeleton';

/** Every migration, in order. Add new ones at the end; never edit one that has shipped. */
export const MIGRATIONS: Function[] = [
  Users1763800000000,
  RateLimits1763800000100,
  AuthCodesAndSessions1763800001000,
  Schools1763800002000,
  Academics1763800002100,
  ContactMessages1763800002200,
  SchoolSummaries1763800003000,
  Workspace1764100000000,
  SchoolAffiliationNumber1764200000000,
  StaffTimetableCalendar1764400000000,
  Students1764300000000,
  Attendance1764500000000,
  Fees1764600000000,
  Exams1764700000000,
  GuardiansNotices1764800000000,
  AssessmentSchemes1764700000100,
  ReportSettings1764700000200,
  Certificates1765000000000,
  Messaging1765100000000,
  Promotions1764900000000,
  OnlinePayments1765200000000,
  FeeReceiptDetails1765600000000,
  CertificateSettings1765730000000,
  PromotionTimetable1765800000000,
  UsernameSkeleton1765900000000,
];
