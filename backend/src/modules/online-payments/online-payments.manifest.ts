import { ONLINE_PAYMENTS_CONTRACT } from '@vidyalaya/shared';
import { defineModule } from '../../common/module-manifest';
import { OnlinePayments1765200000000 } from '../../database/migrations/1765200000000-online-payments';
import { OnlinePaymentsModule } from './online-payments.module';
import { RECONCILE_JOB, REFUND_JOB } from './online-payments.service';

/** The online-payments module's registrations (common/module-manifest.ts); listed once in src/app.manifest.ts. */
export const onlinePaymentsManifest = defineModule({
  name: 'online-payments',
  module: OnlinePaymentsModule,
  migrations: [OnlinePayments1765200000000],
  contract: ONLINE_PAYMENTS_CONTRACT,
  jobs: [RECONCILE_JOB, REFUND_JOB],
});
