import { defineContract } from './contract';

/** Guardians: their accounts, consents and data requests (issue 19, DPDP). */
export const GUARDIANS_CONTRACT = defineContract({
  name: 'guardians',
  errors: {
    NO_GUARDIAN_EMAIL: { status: 422, message: 'The student has no guardian with this e-mail address. Add it to the student’s record first.' },
    DATA_REQUEST_CLOSED: { status: 422, message: 'This request has already been answered.' },
  },
  permissions: [
    'consents.read',
    'consents.manage', // the office: resolve guardians’ data requests
    'guardians.invite', // invite a student’s guardians (from the record, or a whole class or section)
    'consents.record', // guardians: their own children’s consents; the office: from a paper form
    'dataRequests.create', // guardians: ask for a correction or erasure of their child’s data
  ],
  grants: {
    office: ['consents.read', 'consents.manage', 'guardians.invite', 'consents.record'],
    guardian: ['consents.read', 'consents.record', 'dataRequests.create'],
  },
});
