import { lazy } from 'react';
import type { HomeCardSlot } from '../../lib/workspace/slots';

/** The notice board's card on the home page of every role (lib/workspace/slots.tsx). */
export const noticesHomeCard: HomeCardSlot = {
  id: 'notices',
  roles: ['admin', 'office', 'accountant', 'teacher', 'guardian'],
  Card: lazy(() => import('./components/notice-board-card')),
};
