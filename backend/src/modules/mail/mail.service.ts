import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import { DomainException } from '../../common/domain.exception';
import { loadNodemailer } from '../../common/lazy-libraries';
import { LOGGER } from '../../common/logger';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

/** A file sent with an e-mail, from bytes in memory (never a path or URL). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  attachments?: MailAttachment[];
}

const SEND_TIMEOUT_MS = 10_000;

/**
 * Sends e-mail. With SMTP_URL: over SMTP from MAIL_FROM. Without it (development): the message is
 * written as an .eml file under DATA_DIR/mail/ and its subject and file are logged, so a new user
 * can read an OTP with no mail server. A failed send raises MAIL_UNAVAILABLE (503).
 */
@Injectable()
export class MailService implements OnModuleDestroy {
  /** Made on the first send: nodemailer is loaded only by a server that sends mail (common/lazy-libraries). */
  private transport: Promise<Transporter> | null = null;
  private closed = false;
  private readonly mailDir: string | null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.mailDir = config.smtpUrl ? null : join(config.dataDir, 'mail');
  }

  private transporter(): Promise<Transporter> {
    return (this.transport ??= loadNodemailer().then((nodemailer) => {
      const smtpUrl = this.config.smtpUrl;
      if (!smtpUrl) return nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      const url = new URL(smtpUrl);
      return nodemailer.createTransport({
        host: url.hostname,
        port: Number(url.port) || (url.protocol === 'smtps:' ? 465 : 587),
        secure: url.protocol === 'smtps:',
        auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
        ignoreTLS: url.searchParams.get('ignoreTLS') === 'true',
        connectionTimeout: SEND_TIMEOUT_MS,
        greetingTimeout: SEND_TIMEOUT_MS,
        socketTimeout: SEND_TIMEOUT_MS,
      });
    }));
  }

  async send(mail: OutgoingMail): Promise<void> {
    try {
      const { attachments, ...message } = mail;
      const transport = await this.transporter();
      if (this.closed) throw new Error('the mail service has stopped');
      const info = await transport.sendMail({
        from: this.config.mailFrom,
        ...message,
        // Only these three fields reach nodemailer, so an attachment is always the given bytes.
        ...(attachments?.length ? { attachments: attachments.map(({ filename, contentType, content }) => ({ filename, contentType, content })) } : {}),
      });
      if (this.mailDir) {
        mkdirSync(this.mailDir, { recursive: true });
        // Time first so the files sort by sending order; a random tail keeps same-millisecond mails apart.
        const stamp = new Date().toISOString().replace(/[:.]/g, '-');
        const file = join(this.mailDir, `${stamp}-${randomBytes(3).toString('hex')}-${mail.to.replace(/[^\w.@-]/g, '_')}.eml`);
        writeFileSync(file, (info as unknown as { message: Buffer }).message, { mode: 0o600 });
        this.logger.info({ to: mail.to, subject: mail.subject, file }, 'e-mail written (no SMTP_URL set)');
        // Development convenience: the plain text, codes included, also goes to the log.
        this.logger.info(`\n--- e-mail to ${mail.to}: ${mail.subject}\n${mail.text}\n---`);
      }
    } catch (e) {
      this.logger.error({ to: mail.to, subject: mail.subject, err: (e as Error).message }, 'e-mail could not be sent');
      throw new DomainException('MAIL_UNAVAILABLE');
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    if (this.transport) (await this.transport).close();
  }
}
