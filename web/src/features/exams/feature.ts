import { defineFeature } from '../../lib/workspace/feature';
import { examsRoutes } from './routes';

/** Exams, marks and report cards; the Marks tab on the student's profile. */
export const examsFeature = defineFeature({
  name: 'exams',
  routes: examsRoutes,
  slots: () => import('./slots').then((m) => ({ studentTabs: [m.marksTab] })),
});
