import { defineModule } from '../../common/module-manifest';
import { HealthModule } from './health.module';

/** The health module's registrations (common/module-manifest.ts); listed once in src/app.manifest.ts. */
export const healthManifest = defineModule({
  name: 'health',
  module: HealthModule,
});
