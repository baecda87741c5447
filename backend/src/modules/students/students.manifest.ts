import { STUDENTS_CONTRACT } from '@vidyalaya/shared';
import { defineModule } from '../../common/module-manifest';
import { Students1764300000000 } from '../../database/migrations/1764300000000-students';
import { viaChild } from '../../common/workspace/access-kinds';
import { StudentsModule } from './students.module';

/** The students module's registrations (common/module-manifest.ts); listed once in src/app.manifest.ts. */
export const studentsManifest = defineModule({
  name: 'students',
  module: StudentsModule,
  migrations: [Students1764300000000],
  contract: STUDENTS_CONTRACT,
  accessKinds: {
    student: { table: 'students', guardian: viaChild('id') },
    application: { table: 'admission_applications' },
  },
  fileRoutes: [
    'GET /schools/:schoolId/students/import/template',
    'GET /schools/:schoolId/students/udise-export',
    'GET /schools/:schoolId/students/:studentId/photo',
  ],
});
