import { contactSentResultSchema } from '@vidyalaya/shared/contact';
import { createZodDto } from 'nestjs-zod';
import { successEnvelope } from '../../common/openapi';

/** POST /contact's answer, for the OpenAPI document (common/openapi.ts): the shared schema in the envelope. */
export class ContactSentResponse extends createZodDto(successEnvelope(contactSentResultSchema)) {}
