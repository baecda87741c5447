import { AUDIT_CONTRACT } from '@vidyalaya/shared';
import { defineModule } from '../../common/module-manifest';
import { AuditModule } from './audit.module';

/** The audit module's registrations (common/module-manifest.ts); listed once in src/app.manifest.ts. */
export const auditManifest = defineModule({
  name: 'audit',
  module: AuditModule,
  contract: AUDIT_CONTRACT,
});
