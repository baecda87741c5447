import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { successEnvelope } from '../../common/openapi';

/** POST /contact's answer, for the OpenAPI document (common/openapi.ts). */
export class ContactSentResponse extends createZodDto(successEnvelope(z.object({ id: z.uuid() }))) {}
