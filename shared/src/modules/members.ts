import { defineContract } from './contract';

/** People and roles: members and invitations (DECISIONS "The school workspace: People and roles"). */
export const MEMBERS_CONTRACT = defineContract({
  name: 'members',
  errors: {
    INVITATION_INVALID: { status: 404, message: 'This invitation is not valid: it may have expired or been used already.' },
    LAST_ADMIN: { status: 422, message: 'A school needs at least one admin: make someone else an admin first.' },
    SCHOOL_OWNER: { status: 422, message: 'The account that registered the school cannot be removed or given another role.' },
    ALREADY_MEMBER: { status: 409, message: 'This person is already a member of the school.' },
    INVITATION_EMAIL_MISMATCH: { status: 403, message: 'This invitation was sent to another e-mail address: sign out and open the link to make a new account.' },
  },
  permissions: [
    'members.read',
    'members.manage', // invite, change role, remove
  ],
  grants: {
    office: ['members.read'],
  },
});
