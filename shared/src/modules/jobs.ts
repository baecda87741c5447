import { defineContract } from './contract';

/** Background jobs a person started (exports, report cards). */
export const JOBS_CONTRACT = defineContract({
  name: 'jobs',
  errors: {},
  permissions: [
    'jobs.read',
  ],
  grants: {
    office: ['jobs.read'],
    accountant: ['jobs.read'],
    teacher: ['jobs.read'],
  },
});
