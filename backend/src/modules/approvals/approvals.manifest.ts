import { defineModule } from '../../common/module-manifest';
import { ApprovalsModule } from './approvals.module';

/** The approvals module's registrations (common/module-manifest.ts); listed once in src/app.manifest.ts. */
export const approvalsManifest = defineModule({
  name: 'approvals',
  module: ApprovalsModule,
});
