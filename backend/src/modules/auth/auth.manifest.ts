import { defineModule } from '../../common/module-manifest';
import { AuthModule } from './auth.module';

/** The auth module's registrations (common/module-manifest.ts); listed once in src/app.manifest.ts. */
export const authManifest = defineModule({
  name: 'auth',
  module: AuthModule,
});
