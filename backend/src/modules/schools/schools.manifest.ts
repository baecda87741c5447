import { defineModule } from '../../common/module-manifest';
import { SchoolsModule } from './schools.module';

/** The schools module's registrations (common/module-manifest.ts); listed once in src/app.manifest.ts. */
export const schoolsManifest = defineModule({
  name: 'schools',
  module: SchoolsModule,
});
