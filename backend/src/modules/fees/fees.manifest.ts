import { FEES_CONTRACT } from '@vidyalaya/shared';
import { defineModule } from '../../common/module-manifest';
import { FeesModule } from './fees.module';

/** The fees module's registrations (common/module-manifest.ts); listed once in src/app.manifest.ts. */
export const feesManifest = defineModule({
  name: 'fees',
  module: FeesModule,
  contract: FEES_CONTRACT,
  fileRoutes: [
    'GET /schools/:schoolId/receipts/:receiptId/pdf',
  ],
});
