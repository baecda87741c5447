import { Body, Controller, Ip, Post } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MESSAGES } from '@vidyalaya/shared';
import { contactSchema, type ContactSentResult } from '@vidyalaya/shared/contact';
import { createZodDto } from 'nestjs-zod';
import { Public } from '../../common/auth/decorators';
import { withMessage, type WithMessage } from '../../common/success-envelope';
import { ContactService } from './contact.service';
import { ApiData } from '../../common/openapi';
import { ContactSentResponse } from './contact.responses';

/** For the OpenAPI document only: the body is validated by ContactService, which answers 422 for a bad address. */
class ContactDto extends createZodDto(contactSchema) {}

@ApiTags('Contact')
@Public()
@Controller('contact')
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @Post()
  @ApiData(ContactSentResponse, 201)
  @ApiOperation({ summary: 'Send a message to the team (400 missing field, 422 bad e-mail, 429 too many, 503 mail down)' })
  @ApiBody({ type: ContactDto })
  async send(@Body() body: unknown, @Ip() ip: string): Promise<WithMessage<ContactSentResult>> {
    return withMessage(await this.contact.send(body, ip), MESSAGES.toast.contactSent);
  }
}
