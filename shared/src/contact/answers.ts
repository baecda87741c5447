import { z } from 'zod';

/**
 * POST /contact's answer data, as a schema with its type inferred from it: the stored message's id
 * (the back end wraps it in the success envelope, contact.responses.ts). It is in a file of its
 * own, apart from the form's schemas the contact page imports, so it enters no bundle.
 */
export const contactSentResultSchema = z.object({ id: z.uuid() });
export type ContactSentResult = z.output<typeof contactSentResultSchema>;
