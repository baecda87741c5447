import { TIMETABLE_CONTRACT } from '@vidyalaya/shared';
import { defineModule } from '../../common/module-manifest';
import { TimetableModule } from './timetable.module';

/** The timetable module's registrations (common/module-manifest.ts); listed once in src/app.manifest.ts. */
export const timetableManifest = defineModule({
  name: 'timetable',
  module: TimetableModule,
  contract: TIMETABLE_CONTRACT,
  accessKinds: { substitution: { table: 'substitutions' } },
  fileRoutes: [
    'GET /schools/:schoolId/sections/:sectionId/timetable/pdf',
    'GET /schools/:schoolId/staff/:staffId/timetable/pdf',
    'GET /schools/:schoolId/timetable/pdf',
  ],
  rowScoped403: [
    'guardian GET /api/v1/schools/:schoolId/staff/:staffId/timetable',
    'guardian GET /api/v1/schools/:schoolId/timetable',
    'guardian GET /api/v1/schools/:schoolId/staff/:staffId/timetable/pdf',
    'guardian GET /api/v1/schools/:schoolId/timetable/pdf',
  ],
});
