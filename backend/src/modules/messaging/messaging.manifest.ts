import { MESSAGING_CONTRACT } from '@vidyalaya/shared';
import { defineModule } from '../../common/module-manifest';
import { Messaging1765100000000 } from '../../database/migrations/1765100000000-messaging';
import { MessagingModule } from './messaging.module';
import { MESSAGE_EVENT_JOB, MESSAGE_DISPATCH_JOB } from './messaging.service';

/** The messaging module's registrations (common/module-manifest.ts); listed once in src/app.manifest.ts. */
export const messagingManifest = defineModule({
  name: 'messaging',
  module: MessagingModule,
  migrations: [Messaging1765100000000],
  contract: MESSAGING_CONTRACT,
  jobs: [MESSAGE_EVENT_JOB, MESSAGE_DISPATCH_JOB],
});
