import { lazy } from 'react';
import type { HomeCardSlot } from '../../lib/workspace/slots';

/** The timetable feature's slots (lib/workspace/slots.tsx), listed in app/workspace-slots.tsx. */
export const substitutionsHomeCard: HomeCardSlot = {
  id: 'timetable.substitutions-today',
  roles: ['admin', 'office'],
  Card: lazy(() => import('./components/substitutions-card')),
};
