import { APP_NAME, TAGLINE } from '@vidyalaya/shared';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The branded frame every e-mail shares: subject prefixed with the product name, a plain-text
 * part, and an HTML part with the same words. `code` is shown large in the HTML.
 */
export function brandedMail(opts: { subject: string; heading: string; paragraphs: string[]; code?: string; footnote?: string }) {
  const subject = `${APP_NAME}: ${opts.subject}`;
  const text = [
    opts.heading,
    '',
    ...opts.paragraphs.flatMap((p) => [p, '']),
    ...(opts.code ? [`Your code: ${opts.code}`, ''] : []),
    ...(opts.footnote ? [opts.footnote, ''] : []),
    `${APP_NAME} - ${TAGLINE}`,
  ].join('\n');
  const html = `<!doctype html><html><body style="margin:0;background:#f4f7f9;font-family:Arial,Helvetica,sans-serif;color:#1c2127">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:8px;overflow:hidden">
<tr><td style="background:#1c6e8c;color:#fff;padding:16px 24px;font-size:20px;font-weight:bold">${esc(APP_NAME)}</td></tr>
<tr><td style="padding:24px"><h1 style="font-size:20px;margin:0 0 16px">${esc(opts.heading)}</h1>
${opts.paragraphs.map((p) => `<p style="margin:0 0 12px;line-height:1.5">${esc(p)}</p>`).join('\n')}
${opts.code ? `<p style="font-size:32px;font-weight:bold;letter-spacing:8px;margin:16px 0;text-align:center">${esc(opts.code)}</p>` : ''}
${opts.footnote ? `<p style="color:#5f6b7c;font-size:13px;margin:12px 0 0">${esc(opts.footnote)}</p>` : ''}
</td></tr><tr><td style="padding:12px 24px;color:#5f6b7c;font-size:12px">${esc(APP_NAME)} &middot; ${esc(TAGLINE)}</td></tr>
</table></td></tr></table></body></html>`;
  return { subject, text, html };
}
