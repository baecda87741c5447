import { WORKSPACE_CONTRACT } from '@vidyalaya/shared';
import { defineModule } from '../../common/module-manifest';
import { WorkspaceModule } from './workspace.module';

/** The workspace module's registrations (common/module-manifest.ts); listed once in src/app.manifest.ts. */
export const workspaceManifest = defineModule({
  name: 'workspace',
  module: WorkspaceModule,
  contract: WORKSPACE_CONTRACT,
});
