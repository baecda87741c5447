import { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  /** Headers and body with quoted-printable soft breaks undone, for simple searching. */
  text: string;
}

/**
 * A real SMTP server on loopback that keeps what it receives. Tests read codes out of the
 * e-mails exactly as a person would, never out of the database.
 */
export class SmtpSink {
  readonly mails: ReceivedMail[] = [];
  private server!: SMTPServer;
  private waiters: (() => void)[] = [];
  /** When set, the server refuses every message (a mail outage). */
  refuse = false;
  port = 0;

  async start(): Promise<this> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          if (this.refuse) return callback(new Error('mailbox unavailable'));
          const raw = Buffer.concat(chunks).toString('utf8');
          const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
          const subject = /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? '';
          this.mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            raw,
            subject,
            text,
          });
          this.waiters.splice(0).forEach((w) => w());
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  mailsTo(address: string): ReceivedMail[] {
    return this.mails.filter((m) => m.to.includes(address.toLowerCase()));
  }

  /** Waits for the n-th (1-based, default: one more than now) e-mail to `address`. */
  async waitFor(address: string, predicate: (m: ReceivedMail) => boolean = () => true, timeoutMs = 5000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.mailsTo(address).filter(predicate).at(-1);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no e-mail to ${address} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  /** The newest 6-digit code sent to `address`, read from the e-mail's text. */
  async latestCode(address: string, after = 0): Promise<string> {
    const mail = await this.waitFor(address, (m) => this.mails.indexOf(m) >= after);
    const code = /\b(\d{6})\b/.exec(mail.text.split(/\r?\n\r?\n/).slice(1).join('\n'))?.[1];
    if (!code) throw new Error(`no code in the e-mail to ${address}`);
    return code;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
