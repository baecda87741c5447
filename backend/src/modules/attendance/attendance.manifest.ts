import { ATTENDANCE_CONTRACT } from '@vidyalaya/shared';
import { defineModule } from '../../common/module-manifest';
import { Attendance1764500000000 } from '../../database/migrations/1764500000000-attendance';
import { AttendanceModule } from './attendance.module';
import { ABSENCE_NOTICE_JOB } from './attendance.service';

/** The attendance module's registrations (common/module-manifest.ts); listed once in src/app.manifest.ts. */
export const attendanceManifest = defineModule({
  name: 'attendance',
  module: AttendanceModule,
  migrations: [Attendance1764500000000],
  contract: ATTENDANCE_CONTRACT,
  jobs: [ABSENCE_NOTICE_JOB],
  fileRoutes: [
    'GET /schools/:schoolId/sections/:sectionId/attendance-register/pdf',
    'GET /schools/:schoolId/sections/:sectionId/attendance-register/xlsx',
  ],
  rowScoped403: [
    'guardian GET /api/v1/schools/:schoolId/attendance/today',
    'guardian GET /api/v1/schools/:schoolId/attendance/below-threshold',
  ],
});
