import { defineModule } from '../../common/module-manifest';
import { PublicModule } from './public.module';

/** The public module's registrations (common/module-manifest.ts); listed once in src/app.manifest.ts. */
export const publicManifest = defineModule({
  name: 'public',
  module: PublicModule,
});
