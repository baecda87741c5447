import { defineContract } from './contract';

/** Notices (issue 19). */
export const NOTICES_CONTRACT = defineContract({
  name: 'notices',
  errors: {
    ATTACHMENT_INVALID: { status: 400, message: 'Attach a PDF of at most 2 MB.' },
    NOTICE_PUBLISHED: { status: 422, message: 'This notice is already published and can no longer be changed.' },
  },
  permissions: [
    'notices.read',
    'notices.manage',
  ],
  grants: {
    office: ['notices.read', 'notices.manage'],
    accountant: ['notices.read'],
    teacher: ['notices.read'],
    guardian: ['notices.read'],
  },
});
