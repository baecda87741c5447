import { Inject, Injectable } from '@nestjs/common';
import { MESSAGES, zodIssuesToDetails } from '@vidyalaya/shared';
import { contactFailureStatus, contactSchema, type ContactSentResult } from '@vidyalaya/shared/contact';
import type { Logger } from 'pino';
import { Clock } from '../../common/clock';
import { DomainException } from '../../common/domain.exception';
import { LOGGER } from '../../common/logger';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { brandedMail } from '../mail';
import { MailService } from '../mail/mail.service';
import { ContactRepository } from './contact.repository';

/** Messages accepted per IP address in each window (DECISIONS "Contact form": rate-limited). */
export const CONTACT_LIMIT = { limit: 5, windowSeconds: 10 * 60 };

const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ');

/**
 * POST /api/v1/contact (DECISIONS "Contact form"): validated with the server's contactSchema,
 * answered with the statuses of the spec's e-mail service (missing field 400, only the address
 * wrong 422, too many 429, mail outage 503), stored, then e-mailed to CONTACT_INBOX with the
 * sender as Reply-To. A message that could not be e-mailed stays stored (emailed_at null) and is
 * logged for the operator.
 */
@Injectable()
export class ContactService {
  constructor(
    private readonly repo: ContactRepository,
    private readonly clock: Clock,
    private readonly rateLimit: RateLimitService,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async send(body: unknown, ip: string): Promise<ContactSentResult> {
    const parsed = contactSchema.safeParse(body ?? {});
    if (!parsed.success) {
      const issues = parsed.error.issues;
      const details = zodIssuesToDetails(issues);
      if (contactFailureStatus(issues) === 422) throw new DomainException('CONTACT_EMAIL_INVALID', { details });
      const missing = issues.some((issue) => issue.message === MESSAGES.validation.allFieldsRequired);
      throw new DomainException('VALIDATION_FAILED', {
        message: missing ? MESSAGES.validation.allFieldsRequired : MESSAGES.emailService[400],
        details,
      });
    }
    await this.rateLimit.hit({ key: `contact:ip:${ip}`, ...CONTACT_LIMIT, perAddress: true });
    const input = parsed.data;
    const stored = await this.repo.store(input, ip.slice(0, 64), this.clock.now());
    try {
      await this.mail.send({
        to: this.config.contactInbox,
        replyTo: input.email,
        ...brandedMail({
          subject: oneLine(`Contact form: ${input.name} (${input.school})`),
          heading: 'A message from the contact form',
          paragraphs: [`From: ${input.name} <${input.email}>`, `School: ${input.school}`, input.message],
          footnote: `Reply to this e-mail to answer ${input.name}. Message id ${stored.id}.`,
        }),
      });
    } catch {
      this.logger.error({ contactMessageId: stored.id }, 'contact message stored but not e-mailed to CONTACT_INBOX');
      throw new DomainException('MAIL_UNAVAILABLE');
    }
    // Stored and sent: the sender's part is done. A failure to note the sending must not answer an
    // error, or the sender would send the same message again (issue 20).
    try {
      await this.repo.markEmailed(stored.id, this.clock.now());
    } catch {
      this.logger.warn({ contactMessageId: stored.id }, 'contact message e-mailed but not marked as e-mailed');
    }
    return { id: stored.id };
  }
}
