import { CALENDAR_CONTRACT } from '@vidyalaya/shared';
import { defineModule } from '../../common/module-manifest';
import { GUARDIAN_CALENDAR_EVENT_SQL } from '../../common/workspace/access-kinds';
import { CalendarModule } from './calendar.module';

/** The calendar module's registrations (common/module-manifest.ts); listed once in src/app.manifest.ts. */
export const calendarManifest = defineModule({
  name: 'calendar',
  module: CalendarModule,
  contract: CALENDAR_CONTRACT,
  accessKinds: { calendarEvent: { table: 'calendar_events', guardian: GUARDIAN_CALENDAR_EVENT_SQL } },
  fileRoutes: [
    'GET /public/calendar/:file',
  ],
});
