import { NOTICES_CONTRACT } from '@vidyalaya/shared';
import { defineModule } from '../../common/module-manifest';
import { GUARDIAN_NOTICE_SQL } from '../../common/workspace/access-kinds';
import { NoticesModule } from './notices.module';
import { NOTICE_EMAIL_JOB } from './notices.service';

/** The notices module's registrations (common/module-manifest.ts); listed once in src/app.manifest.ts. */
export const noticesManifest = defineModule({
  name: 'notices',
  module: NoticesModule,
  contract: NOTICES_CONTRACT,
  accessKinds: { notice: { table: 'notices', guardian: GUARDIAN_NOTICE_SQL } },
  jobs: [NOTICE_EMAIL_JOB],
  fileRoutes: [
    'GET /schools/:schoolId/notices/:noticeId/attachment',
  ],
});
