import type { Transporter } from 'nodemailer';
import type { MailCatcher } from './mail-catcher.ts';

/** The app's outgoing mail once started: the SMTP (or catcher) transport and the catcher, if any. */
export interface MailRuntime {
  transporter: Transporter;
  catcher: MailCatcher | null;
}

/**
 * Where an app keeps its mail runtime (AppDeps.mail): started on first use by mail-transport.ts,
 * closed with the app. One per app, so two apps in one process never share a transport.
 */
export interface MailSlot {
  runtime: Promise<MailRuntime | null> | undefined;
}
