import { FEES_CONTRACT } from '@vidyalaya/shared';
import { defineModule } from '../../common/module-manifest';
import { Fees1764600000000 } from '../../database/migrations/1764600000000-fees';
import { FeeReceiptDetails1765600000000 } from '../../database/migrations/1765600000000-fee-receipt-details';
import { viaChild } from '../../common/workspace/access-kinds';
import { FeesModule } from './fees.module';

/** The fees module's registrations (common/module-manifest.ts); listed once in src/app.manifest.ts. */
export const feesManifest = defineModule({
  name: 'fees',
  module: FeesModule,
  migrations: [Fees1764600000000, FeeReceiptDetails1765600000000],
  contract: FEES_CONTRACT,
  accessKinds: {
    feeHead: { table: 'fee_heads' },
    feeStructure: { table: 'fee_structures' },
    // An instalment is the class's (amounts and due dates), not a child's: any guardian may name one; the dues stay per child.
    feeInstalment: { table: 'fee_instalments', guardian: 'school' },
    feeReceipt: { table: 'fee_receipts', guardian: viaChild('student_id') },
  },
  fileRoutes: [
    'GET /schools/:schoolId/receipts/:receiptId/pdf',
  ],
});
