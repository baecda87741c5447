import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Where the test server's SMTP sink drops each e-mail as an .eml file (e2e/serve.mjs). */
export function mailDir(): string {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run the tests through playwright.config.ts');
  return dir;
}

type Mail = { file: string; mtime: number; text: string };

function mailsTo(address: string): Mail[] {
  const needle = address.toLowerCase();
  let files: string[] = [];
  try {
    files = readdirSync(mailDir());
  } catch {
    return [];
  }
  return files
    .filter((f) => f.endsWith('.eml') && f.toLowerCase().includes(needle))
    .map((f) => {
      const file = join(mailDir(), f);
      return { file, mtime: statSync(file).mtimeMs, text: readFileSync(file, 'utf8') };
    })
    .sort((a, b) => a.mtime - b.mtime || a.file.localeCompare(b.file));
}

/** Decodes quoted-printable soft line breaks and escapes, enough to read a code in the text. */
function unfold(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * The 6-digit code of the newest e-mail to `address` (received after `since`, if given), waiting
 * for it to arrive.
 */
export async function readOtp(address: string, opts: { since?: number; timeoutMs?: number } = {}): Promise<string> {
  const deadline = Date.now() + (opts.timeoutMs ?? 15_000);
  for (;;) {
    const mails = mailsTo(address).filter((m) => opts.since === undefined || m.mtime >= opts.since);
    const newest = mails[mails.length - 1];
    if (newest) {
      const text = unfold(newest.text);
      const code = /Your code:\s*(\d{6})/.exec(text)?.[1] ?? /\b(\d{6})\b/.exec(text.split(/\r?\n\r?\n/).slice(1).join('\n'))?.[1];
      if (code) return code;
    }
    if (Date.now() > deadline) throw new Error(`No e-mail with a code reached ${address}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** How many e-mails `address` has received so far. */
export function mailCount(address: string): number {
  return mailsTo(address).length;
}

/** The newest e-mail to `address`, decoded enough to search its text. */
export function newestMail(address: string): string | null {
  const mails = mailsTo(address);
  return mails.length ? unfold(mails[mails.length - 1]!.text) : null;
}
