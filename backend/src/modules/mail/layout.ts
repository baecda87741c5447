import { APP_NAME, TAGLINE } from '@vidyalaya/shared';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A link drawn as a button (a table cell, the way mail clients draw buttons reliably), at least 44 px
 * tall, with the address written under it for a client that shows no buttons.
 */
function actionButton(action: { label: string; url: string }): string {
  const url = esc(action.url);
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:20px 0 12px"><tr><td style="background:#1c6e8c;border-radius:6px">
<a href="${url}" data-action="button" style="display:inline-block;padding:14px 28px;line-height:20px;color:#ffffff;font-size:16px;font-weight:bold;text-decoration:none;border-radius:6px">${esc(action.label)}</a>
</td></tr></table>
<p style="margin:0 0 12px;color:#5f6b7c;font-size:13px;line-height:1.5;word-break:break-all">If the button does not open, copy this address into your browser: <a href="${url}" style="color:#1c6e8c">${url}</a></p>`;
}

/**
 * The branded frame every e-mail shares: subject prefixed with the product name, a plain-text
 * part, and an HTML part with the same words. `code` is shown large in the HTML; `action` is a
 * link drawn as a button in the HTML and written out in the text.
 */
export function brandedMail(opts: { subject: string; heading: string; paragraphs: string[]; code?: string; action?: { label: string; url: string }; footnote?: string }) {
  const subject = `${APP_NAME}: ${opts.subject}`;
  const text = [
    opts.heading,
    '',
    ...opts.paragraphs.flatMap((p) => [p, '']),
    ...(opts.code ? [`Your code: ${opts.code}`, ''] : []),
    ...(opts.action ? [`${opts.action.label}: ${opts.action.url}`, ''] : []),
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
${opts.action ? actionButton(opts.action) : ''}
${opts.footnote ? `<p style="color:#5f6b7c;font-size:13px;margin:12px 0 0">${esc(opts.footnote)}</p>` : ''}
</td></tr><tr><td style="padding:12px 24px;color:#5f6b7c;font-size:12px">${esc(APP_NAME)} &middot; ${esc(TAGLINE)}</td></tr>
</table></td></tr></table></body></html>`;
  return { subject, text, html };
}
