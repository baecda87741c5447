import { lazy } from 'react';
import type { StudentActionSlot } from '../../lib/workspace/slots';

/** "Invite guardians" on the student's record (lib/workspace/slots.tsx). */
export const inviteGuardiansAction: StudentActionSlot = {
  id: 'guardians.invite',
  permission: 'guardians.invite',
  Action: lazy(() => import('./components/invite-guardians-action')),
};
