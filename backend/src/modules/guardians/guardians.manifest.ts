import { GUARDIANS_CONTRACT } from '@vidyalaya/shared';
import { defineModule } from '../../common/module-manifest';
import { viaChild } from '../../common/workspace/access-kinds';
import { GuardiansModule } from './guardians.module';

/** The guardians module's registrations (common/module-manifest.ts); listed once in src/app.manifest.ts. */
export const guardiansManifest = defineModule({
  name: 'guardians',
  module: GuardiansModule,
  contract: GUARDIANS_CONTRACT,
  accessKinds: { dataRequest: { table: 'data_requests', guardian: viaChild('student_id') } },
});
