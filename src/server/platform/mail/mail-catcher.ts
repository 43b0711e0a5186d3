import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { CaughtMail } from '../../../shared/contracts/notifications.ts';

/** How many caught messages are kept (the oldest go first). */
const KEEP = 200;

/**
 * The demo/development mail catcher (issue #14): a real SMTP server on 127.0.0.1 that accepts
 * every message and keeps the last ones in memory for the "Caught mail" page, so a newcomer sees
 * digests and alerts with no mail setup. Used only when SMTP_URL is unset outside production and
 * tests (decision 027).
 */
export interface MailCatcher {
  /** smtp://127.0.0.1:<port> */
  url: string;
  messages(): CaughtMail[];
  close(): Promise<void>;
}

export async function startMailCatcher(): Promise<MailCatcher> {
  const caught: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    banner: 'Upside mail catcher',
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          caught.unshift({
            id: randomUUID(),
            receivedAt: new Date().toISOString(),
            from: mail.from?.text ?? '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : null,
          });
          caught.length = Math.min(caught.length, KEEP);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages: () => [...caught],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
