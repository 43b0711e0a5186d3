import type { Transporter } from 'nodemailer';
import type { AppDeps } from '../../http/deps.ts';
import { PermanentJobError } from '../../jobs/job-error.ts';
import type { MailCatcher } from './mail-catcher.ts';
import type { MailRuntime } from './mail-slot.ts';

/**
 * Outgoing mail of this process: nodemailer over SMTP_URL (pooled connections, so a digest run to
 * many recipients reuses them), or — with no SMTP_URL in demo/development mode — the local mail
 * catcher, started on first use. Tests and production without SMTP_URL have no mail: sending then
 * fails for good with a message saying so. nodemailer and the catcher (smtp-server, mailparser) are
 * imported on that first use: a process that never sends mail never loads them (decision 205).
 */
/** True when this process catches its own mail (demo/development without SMTP_URL). */
export const catchesMail = (deps: AppDeps) =>
  !deps.env.mail.smtpUrl &&
  deps.env.nodeEnv !== 'test' &&
  (deps.env.demo || deps.env.nodeEnv === 'development');

async function createRuntime(deps: AppDeps): Promise<MailRuntime | null> {
  const { smtpUrl } = deps.env.mail;
  if (!smtpUrl && !catchesMail(deps)) return null;
  const { default: nodemailer } = await import('nodemailer');
  if (smtpUrl) {
    const url = new URL(smtpUrl);
    const transporter = nodemailer.createTransport({
      host: url.hostname,
      port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)),
      secure: url.protocol === 'smtps:',
      ...(url.username
        ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
        : {}),
      pool: true,
      maxConnections: 5,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    return { transporter, catcher: null };
  }
  const { startMailCatcher } = await import('./mail-catcher.ts');
  const catcher = await startMailCatcher();
  deps.log.info(
    { url: catcher.url },
    'mail catcher listening (no SMTP_URL): caught mail is shown under /settings/notifications',
  );
  const url = new URL(catcher.url);
  const transporter = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port),
    secure: false,
    ignoreTLS: true,
  });
  return { transporter, catcher };
}

function runtimeOf(deps: AppDeps): Promise<MailRuntime | null> {
  deps.mail.runtime ??= createRuntime(deps);
  return deps.mail.runtime;
}

export async function mailTransporter(deps: AppDeps): Promise<Transporter> {
  const runtime = await runtimeOf(deps);
  if (!runtime) throw new PermanentJobError('no mail server: SMTP_URL is not set');
  return runtime.transporter;
}

/** The catcher of this process, when it catches mail (started on demand). */
export async function mailCatcherOf(deps: AppDeps): Promise<MailCatcher | null> {
  if (!catchesMail(deps)) return null;
  return (await runtimeOf(deps))?.catcher ?? null;
}

/** Closes the pooled connections and the catcher (server shutdown). */
export async function closeMail(deps: AppDeps): Promise<void> {
  const runtime = await deps.mail.runtime;
  deps.mail.runtime = undefined;
  if (!runtime) return;
  runtime.transporter.close();
  await runtime.catcher?.close();
}
