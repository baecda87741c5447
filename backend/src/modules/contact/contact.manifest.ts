import { defineModule } from '../../common/module-manifest';
import { ContactModule } from './contact.module';

/** The contact module's registrations (common/module-manifest.ts); listed once in src/app.manifest.ts. */
export const contactManifest = defineModule({
  name: 'contact',
  module: ContactModule,
});
