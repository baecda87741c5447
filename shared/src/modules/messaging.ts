import { defineContract } from './contract';

/** Messages to families (DECISIONS "Messages to families", issue 31). */
export const MESSAGING_CONTRACT = defineContract({
  name: 'messaging',
  errors: {
    MESSAGE_TEMPLATE_MISMATCH: { status: 422, message: 'This message does not fit the school’s registered template, so it was not sent.' },
    MESSAGE_TEMPLATE_MISSING: { status: 422, message: 'There is no registered template for this message yet. Add it in the messaging settings.' },
    MESSAGING_CALLBACK_INVALID: { status: 400, message: 'This delivery report could not be verified.' },
  },
  permissions: [
    'messaging.manage', // SMS/WhatsApp to families: provider, templates, the message log (admin)
  ],
  grants: {},
});
