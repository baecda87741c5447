import { defineModule } from '../../common/module-manifest';
import { ContactMessages1763800002200 } from '../../database/migrations/1763800002200-contact-messages';
import { ContactModule } from './contact.module';

/** The contact module's registrations (common/module-manifest.ts); listed once in src/app.manifest.ts. */
export const contactManifest = defineModule({
  name: 'contact',
  module: ContactModule,
  migrations: [ContactMessages1763800002200],
});
