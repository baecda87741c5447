import { MEMBERS_CONTRACT } from '@vidyalaya/shared';
import { defineModule } from '../../common/module-manifest';
import { MembersModule } from './members.module';

/** The members module's registrations (common/module-manifest.ts); listed once in src/app.manifest.ts. */
export const membersManifest = defineModule({
  name: 'members',
  module: MembersModule,
  contract: MEMBERS_CONTRACT,
  accessKinds: {
    member: { table: 'school_members', idColumn: 'user_id' },
    invitation: { table: 'school_invitations' },
  },
});
