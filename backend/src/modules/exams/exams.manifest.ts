import { EXAMS_CONTRACT } from '@vidyalaya/shared';
import { defineModule } from '../../common/module-manifest';
import { Exams1764700000000 } from '../../database/migrations/1764700000000-exams';
import { AssessmentSchemes1764700000100 } from '../../database/migrations/1764700000100-assessment-schemes';
import { ReportSettings1764700000200 } from '../../database/migrations/1764700000200-report-settings';
import { ExamsModule } from './exams.module';
import { REPORT_CARDS_JOB } from './exams.service';

/** The exams module's registrations (common/module-manifest.ts); listed once in src/app.manifest.ts. */
export const examsManifest = defineModule({
  name: 'exams',
  module: ExamsModule,
  migrations: [Exams1764700000000, AssessmentSchemes1764700000100, ReportSettings1764700000200],
  contract: EXAMS_CONTRACT,
  accessKinds: {
    // An exam is the school's (its name and classes); marks and results are refused to guardians by permission and row scope.
    exam: { table: 'exams', guardian: 'school' },
    // A section's batch PDF: the service refuses it to guardians (403), who download their own child's card instead.
    reportCardFile: { table: 'report_card_files', guardian: 'school' },
  },
  jobs: [REPORT_CARDS_JOB],
  fileRoutes: [
    'GET /schools/:schoolId/logo',
    'GET /schools/:schoolId/students/:studentId/report-card',
    'GET /schools/:schoolId/report-cards/files/:fileId',
  ],
});
