import { defineModule } from '../../common/module-manifest';
import { MailModule } from './mail.module';

/** The mail module's registrations (common/module-manifest.ts); listed once in src/app.manifest.ts. */
export const mailManifest = defineModule({
  name: 'mail',
  module: MailModule,
});
