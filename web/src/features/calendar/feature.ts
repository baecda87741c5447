import { defineFeature } from '../../lib/workspace/feature';
import { calendarRoutes } from './routes';

/** The school calendar. */
export const calendarFeature = defineFeature({ name: 'calendar', routes: calendarRoutes });
