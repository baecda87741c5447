import { defineContract } from './contract';

/** Fees and receipts (DECISIONS "Fees"). */
export const FEES_CONTRACT = defineContract({
  name: 'fees',
  errors: {
    FEE_HEAD_EXISTS: { status: 409, message: 'A fee head with this name already exists.' },
    FEE_STRUCTURE_EXISTS: { status: 409, message: 'This class already has a fee structure for the year.' },
    NO_FEE_STRUCTURE: { status: 422, message: 'This student’s class has no fee structure yet.' },
    PAYMENT_EXCEEDS_DUES: { status: 422, message: 'The amount is more than what is due.' },
    RECEIPT_CANCELLED: { status: 422, message: 'This receipt is already cancelled.' },
    UPI_NOT_SET: { status: 422, message: 'The school has not set its UPI ID yet.' },
    FEE_STRUCTURE_PAID: { status: 409, message: 'Payments are recorded against this part of the fee structure, so it cannot be changed this way.' },
  },
  permissions: [
    'fees.read', // guardians: their own children’s dues and receipts
    'fees.manage',
    'fees.collect',
  ],
  grants: {
    accountant: ['fees.read', 'fees.manage', 'fees.collect'],
    guardian: ['fees.read'],
  },
});
