import { JOBS_CONTRACT } from '@vidyalaya/shared';
import { defineModule } from '../../common/module-manifest';
import { JobsModule } from './jobs.module';

/** The jobs module's registrations (common/module-manifest.ts); listed once in src/app.manifest.ts. */
export const jobsManifest = defineModule({
  name: 'jobs',
  module: JobsModule,
  contract: JOBS_CONTRACT,
  accessKinds: { job: { table: 'jobs' } },
});
