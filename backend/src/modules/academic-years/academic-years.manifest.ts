import { ACADEMIC_YEARS_CONTRACT } from '@vidyalaya/shared';
import { defineModule } from '../../common/module-manifest';
import { AcademicYearsModule } from './academic-years.module';

/** The academic-years module's registrations (common/module-manifest.ts); listed once in src/app.manifest.ts. */
export const academicYearsManifest = defineModule({
  name: 'academic-years',
  module: AcademicYearsModule,
  contract: ACADEMIC_YEARS_CONTRACT,
  accessKinds: { academicYear: { table: 'academic_years', guardian: 'school' } },
});
