import { defineContract } from './contract';

/** The school workspace itself: its home and the school’s profile (DECISIONS "The school workspace"). */
export const WORKSPACE_CONTRACT = defineContract({
  name: 'workspace',
  errors: {},
  permissions: [
    'school.read', // the workspace home, the school’s profile
  ],
  grants: {
    office: ['school.read'],
    accountant: ['school.read'],
    teacher: ['school.read'],
    guardian: ['school.read'],
  },
});
