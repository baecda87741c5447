import { STAFF_CONTRACT } from '@vidyalaya/shared';
import { defineModule } from '../../common/module-manifest';
import { StaffModule } from './staff.module';

/** The staff module's registrations (common/module-manifest.ts); listed once in src/app.manifest.ts. */
export const staffManifest = defineModule({
  name: 'staff',
  module: StaffModule,
  contract: STAFF_CONTRACT,
  accessKinds: { staff: { table: 'staff' } },
});
