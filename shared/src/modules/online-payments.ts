import { defineContract } from './contract';

/** Online fee payment (DECISIONS "Online fee payment", issue 32): its codes and permissions. */
export const ONLINE_PAYMENTS_CONTRACT = defineContract({
  name: 'online-payments',
  errors: {
    GATEWAY_NOT_SET: { status: 422, message: 'The school has not set up online payment yet.' },
    GATEWAY_UNAVAILABLE: { status: 503, message: 'The payment service is not answering right now. Please try again in a few minutes.' },
    PAYMENT_SIGNATURE_INVALID: { status: 400, message: 'The payment could not be verified: its signature does not match.' },
    NOTHING_DUE: { status: 422, message: 'Nothing is due on the chosen instalments.' },
    PAY_LINK_INVALID: { status: 404, message: 'This payment link is not valid. Ask the school for a new one.' },
    PAY_LINK_EXPIRED: { status: 422, message: 'This payment link has expired. Ask the school for a new one.' },
    REFUND_NOT_ALLOWED: { status: 422, message: 'Only an active online receipt can be refunded through the payment gateway.' },
    REFUND_IN_PROGRESS: { status: 409, message: 'A refund of this receipt is already under way.' },
  },
  permissions: [
    'payments.gateway', // the school's payment gateway keys (admin only)
    'payments.pay', // open and confirm an online payment (guardians: their own children)
    'payments.links', // send a guardian a pay link for a child's dues
  ],
  grants: {
    office: ['payments.pay', 'payments.links'],
    accountant: ['payments.pay', 'payments.links'],
    guardian: ['payments.pay'],
  },
});
