import { CALENDAR_CONTRACT } from '@vidyalaya/shared';
import { defineModule } from '../../common/module-manifest';
import { CalendarModule } from './calendar.module';

/** The calendar module's registrations (common/module-manifest.ts); listed once in src/app.manifest.ts. */
export const calendarManifest = defineModule({
  name: 'calendar',
  module: CalendarModule,
  contract: CALENDAR_CONTRACT,
  fileRoutes: [
    'GET /public/calendar/:file',
  ],
});
