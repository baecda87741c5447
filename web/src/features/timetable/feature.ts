import { defineFeature } from '../../lib/workspace/feature';
import { timetableRoutes } from './routes';

/** Staff, timetables and substitutions; today's substitutions on the home page. */
export const timetableFeature = defineFeature({
  name: 'timetable',
  routes: timetableRoutes,
  slots: () => import('./slots').then((m) => ({ homeCards: [m.substitutionsHomeCard] })),
});
