import { defineModule } from '../../common/module-manifest';
import { Schools1763800002000 } from '../../database/migrations/1763800002000-schools';
import { SchoolSummaries1763800003000 } from '../../database/migrations/1763800003000-school-summaries';
import { SchoolAffiliationNumber1764200000000 } from '../../database/migrations/1764200000000-school-affiliation-number';
import { SchoolsModule } from './schools.module';

/** The schools module's registrations (common/module-manifest.ts); listed once in src/app.manifest.ts. */
export const schoolsManifest = defineModule({
  name: 'schools',
  module: SchoolsModule,
  migrations: [Schools1763800002000, SchoolSummaries1763800003000, SchoolAffiliationNumber1764200000000],
});
