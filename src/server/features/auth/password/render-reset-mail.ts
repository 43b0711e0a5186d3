import { escapeHtml } from '../../../http/escape-html.ts';
import type { RenderedMail } from '../../notifications/digest/render-digest.ts';

/** The password-reset e-mail: the single-use link and how long it lasts. */
export function renderResetMail(url: string): RenderedMail {
  const subject = 'Reset your Upside password';
  const text = [
    'Someone (we hope you) asked to reset the password of your Upside account.',
    '',
    `Choose a new password: ${url}`,
    '',
    'The link works once and for one hour. If you did not ask for it, ignore this e-mail: your password stays as it is.',
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,sans-serif;color:#111827;">
<p>Someone (we hope you) asked to reset the password of your Upside account.</p>
<p><a href="${escapeHtml(url)}" style="color:#4f46e5;">Choose a new password</a></p>
<p style="font-size:12px;color:#6b7280;">The link works once and for one hour. If you did not ask for it, ignore this e-mail: your password stays as it is.</p>
</body></html>`;
  return { subject, html, text };
}
