import { lazy } from 'react';
import type { StudentTabSlot } from '../../lib/workspace/slots';

/** The exams feature's slots (lib/workspace/slots.tsx), listed in app/workspace-slots.tsx. */
const MarksTitle = lazy(() => import('./components/marks-tab').then((m) => ({ default: m.MarksTabTitle })));
const MarksPanel = lazy(() => import('./components/marks-tab').then((m) => ({ default: m.MarksTabPanel })));

/** "Marks" on the student's profile: the student's published results per exam. */
export const marksTab: StudentTabSlot = {
  id: 'marks',
  permission: 'results.read',
  Title: MarksTitle,
  Panel: MarksPanel,
};
