import { NOTICES_CONTRACT } from '@vidyalaya/shared';
import { defineModule } from '../../common/module-manifest';
import { NoticesModule } from './notices.module';
import { NOTICE_EMAIL_JOB } from './notices.service';

/** The notices module's registrations (common/module-manifest.ts); listed once in src/app.manifest.ts. */
export const noticesManifest = defineModule({
  name: 'notices',
  module: NoticesModule,
  contract: NOTICES_CONTRACT,
  jobs: [NOTICE_EMAIL_JOB],
  fileRoutes: [
    'GET /schools/:schoolId/notices/:noticeId/attachment',
  ],
});
