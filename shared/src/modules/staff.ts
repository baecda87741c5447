import { defineContract } from './contract';

/** The school’s staff and teaching assignments (issue 15). */
export const STAFF_CONTRACT = defineContract({
  name: 'staff',
  errors: {
    EMPLOYEE_CODE_TAKEN: { status: 409, message: 'Another staff member already has this employee code.' },
    STAFF_ACCOUNT_LINKED: { status: 409, message: 'This member account is already linked to another staff record.' },
  },
  permissions: [
    'staff.read',
    'staff.manage',
  ],
  grants: {
    office: ['staff.read'],
    accountant: ['staff.read'],
    teacher: ['staff.read'],
  },
});
