import { defineContract } from './contract';

/** The school’s audit log. */
export const AUDIT_CONTRACT = defineContract({
  name: 'audit',
  errors: {},
  permissions: [
    'audit.read',
  ],
  grants: {},
});
