import { escapeHtml } from '../../../http/escape-html.ts';
import type { RenderedMail } from '../../../platform/mail/rendered-mail.ts';

/** What a mailed single-use link says: why it came, what the link does, and what to do if unasked. */
interface LinkMail {
  subject: string;
  why: string;
  action: string;
  ifUnasked: string;
}

function renderLinkMail(mail: LinkMail, url: string): RenderedMail {
  const footer = `The link works once and for one hour. ${mail.ifUnasked}`;
  const text = [mail.why, '', `${mail.action}: ${url}`, '', footer].join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(mail.subject)}</title></head>
<body style="font-family:system-ui,sans-serif;color:#111827;">
<p>${escapeHtml(mail.why)}</p>
<p><a href="${escapeHtml(url)}" style="color:#4f46e5;">${escapeHtml(mail.action)}</a></p>
<p style="font-size:12px;color:#6b7280;">${escapeHtml(footer)}</p>
</body></html>`;
  return { subject: mail.subject, html, text };
}

/** The password-reset e-mail: the single-use link and how long it lasts. */
export function renderResetMail(url: string): RenderedMail {
  return renderLinkMail(
    {
      subject: 'Reset your Upside password',
      why: 'Someone (we hope you) asked to reset the password of your Upside account.',
      action: 'Choose a new password',
      ifUnasked: 'If you did not ask for it, ignore this e-mail: your password stays as it is.',
    },
    url,
  );
}

/** The e-mail that proves an account's address: the single-use link and how long it lasts. */
export function renderVerifyMail(url: string): RenderedMail {
  return renderLinkMail(
    {
      subject: 'Confirm your e-mail address for Upside',
      why: 'Confirm that this address belongs to your Upside account, so its alerts, digests and password resets reach you.',
      action: 'Confirm this address',
      ifUnasked: 'If you did not ask for it, ignore this e-mail: nothing changes.',
    },
    url,
  );
}
