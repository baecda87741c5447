import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import type { AppConfig } from '../../config/app-config';
import { brandedMail } from './layout';
import { MailService } from './mail.service';

const logger = pino({ level: 'silent' });
const mail = { to: 'ravi@example.test', ...brandedMail({ subject: 'Your verification code', heading: 'Verify', paragraphs: ['Enter this code.'], code: '042917' }) };

describe('DECISIONS "Running it": e-mail over SMTP_URL, else logged and written as .eml under DATA_DIR/mail', () => {
  it('without SMTP_URL writes a readable .eml (owner-only) with both parts', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mail-spec-'));
    const service = new MailService({ dataDir, mailFrom: 'Vidyalaya <no-reply@vidyalaya.local>' } as AppConfig, logger);
    await service.send(mail);
    await service.send(mail);
    const files = readdirSync(join(dataDir, 'mail'));
    expect(files).toHaveLength(2);
    const file = join(dataDir, 'mail', files[0]);
    expect(files[0]).toMatch(/ravi@example\.test\.eml$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const eml = readFileSync(file, 'utf8');
    expect(eml).toMatch(/^Subject: Vidyalaya: Your verification code$/m);
    expect(eml).toMatch(/^From: Vidyalaya <no-reply@vidyalaya\.local>$/m);
    expect(eml).toContain('text/plain');
    expect(eml).toContain('text/html');
    expect(eml).toContain('042917');
    service.onModuleDestroy();
  });

  it('sends an attachment from bytes (base64, with its type and name)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mail-spec-'));
    const service = new MailService({ dataDir, mailFrom: 'x@y.test' } as AppConfig, logger);
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    await service.send({ ...mail, attachments: [{ filename: 'circular.pdf', contentType: 'application/pdf', content: pdf }] });
    const [file] = readdirSync(join(dataDir, 'mail'));
    const eml = readFileSync(join(dataDir, 'mail', file), 'utf8');
    expect(eml).toMatch(/^Content-Type: application\/pdf; name=circular\.pdf$/m);
    expect(eml).toMatch(/^Content-Disposition: attachment; filename=circular\.pdf$/m);
    expect(eml).toContain(pdf.toString('base64'));
    expect(eml).toContain('042917');
    service.onModuleDestroy();
  });

  it('a mail server that cannot be reached raises MAIL_UNAVAILABLE (503)', async () => {
    // A port that was just free: nothing listens there.
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as { port: number };
    await new Promise<void>((r) => server.close(() => r()));

    const service = new MailService({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'x@y.test', dataDir: tmpdir() } as AppConfig, logger);
    await expect(service.send(mail)).rejects.toMatchObject({ code: 'MAIL_UNAVAILABLE', status: 503 });
    service.onModuleDestroy();
  });
});
