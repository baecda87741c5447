import { defineContract } from './contract';

/** Certificates (issue 30): transfer, bonafide and character certificates, the register, ID cards. */
export const CERTIFICATES_CONTRACT = defineContract({
  name: 'certificates',
  errors: {
    DUES_OUTSTANDING: { status: 422, message: 'The student has unpaid dues: a transfer certificate is issued only when they are paid.' },
    STUDENT_NOT_LEFT: { status: 422, message: 'A transfer certificate is issued only to a student who has left or passed out. Record the leaving first.' },
    CERTIFICATE_EXISTS: { status: 409, message: 'This student already has a transfer certificate. Cancel it first to issue a corrected one.' },
    CERTIFICATE_CANCELLED: { status: 422, message: 'This certificate is already cancelled.' },
  },
  permissions: [
    'certificates.issue', // transfer, bonafide and character certificates, the register, ID cards
  ],
  grants: { office: ['certificates.issue'] },
});
