import { EXAMS_CONTRACT } from '@vidyalaya/shared';
import { defineModule } from '../../common/module-manifest';
import { ExamsModule } from './exams.module';
import { REPORT_CARDS_JOB } from './exams.service';

/** The exams module's registrations (common/module-manifest.ts); listed once in src/app.manifest.ts. */
export const examsManifest = defineModule({
  name: 'exams',
  module: ExamsModule,
  contract: EXAMS_CONTRACT,
  jobs: [REPORT_CARDS_JOB],
  fileRoutes: [
    'GET /schools/:schoolId/logo',
    'GET /schools/:schoolId/students/:studentId/report-card',
    'GET /schools/:schoolId/report-cards/files/:fileId',
  ],
});
