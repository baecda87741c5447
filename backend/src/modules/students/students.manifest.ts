import { STUDENTS_CONTRACT } from '@vidyalaya/shared';
import { defineModule } from '../../common/module-manifest';
import { StudentsModule } from './students.module';

/** The students module's registrations (common/module-manifest.ts); listed once in src/app.manifest.ts. */
export const studentsManifest = defineModule({
  name: 'students',
  module: StudentsModule,
  contract: STUDENTS_CONTRACT,
  fileRoutes: [
    'GET /schools/:schoolId/students/import/template',
    'GET /schools/:schoolId/students/udise-export',
    'GET /schools/:schoolId/students/:studentId/photo',
  ],
});
