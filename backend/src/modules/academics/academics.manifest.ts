import { defineModule } from '../../common/module-manifest';
import { AcademicsModule } from './academics.module';

/** The academics module's registrations (common/module-manifest.ts); listed once in src/app.manifest.ts. */
export const academicsManifest = defineModule({
  name: 'academics',
  module: AcademicsModule,
});
