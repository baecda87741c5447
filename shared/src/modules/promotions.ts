import { defineContract } from './contract';

/** Year end: promotion and rollover (issue 29). */
export const PROMOTIONS_CONTRACT = defineContract({
  name: 'promotions',
  errors: {
    PROMOTION_EXISTS: { status: 409, message: 'A promotion for these two years already exists. Open it instead of starting another.' },
    PROMOTION_APPLIED: { status: 409, message: 'This promotion has already been applied. Undo it first to change or apply it again.' },
    PROMOTION_LOCKED: { status: 409, message: 'The new year already has attendance, marks or fee receipts, so this promotion can no longer be undone.' },
  },
  permissions: [
    'promotions.manage', // year end: the promotion draft, apply and undo (admin only)
  ],
  grants: {},
});
