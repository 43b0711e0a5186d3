import type { z } from 'zod';
import type { DigestData } from '../../../domain/notifications/read-digest.ts';
import type { AppDeps } from '../../../http/deps.ts';
import type { EmailMessageSchema } from '../../../platform/notifications/send-message.ts';
import { createUnsubscribeToken } from '../unsubscribe-token.ts';
import { digestWithoutCosts } from './digest-without-costs.ts';
import { renderDigest } from './render-digest.ts';

/** The one-click unsubscribe URL of a recipient ('user:<id>' or 'channel:<id>'). */
function unsubscribeUrlOf(deps: AppDeps, workspaceId: string, recipient: string): string {
  const token = createUnsubscribeToken(deps.secrets.sessionSecret, { workspaceId, recipient });
  return `${deps.publicUrl()}/api/notifications/unsubscribe?token=${token}`;
}

/**
 * The digest e-mail to one recipient, the one composition both the scheduled digest and "Send a
 * test digest" use (issue #36: a test digest is the real digest): the recipient's own one-click
 * unsubscribe link in the body and in the `List-Unsubscribe` headers (send-message.ts), and the
 * figures without costs and profit for a member who may not see them.
 */
export function composeDigestMail(
  deps: AppDeps,
  args: {
    workspaceId: string;
    /** 'user:<id>' or 'channel:<id>': what the unsubscribe link turns off. */
    unsubscribe: string;
    to: string;
    canSeeCosts: boolean;
    data: DigestData;
  },
): z.infer<typeof EmailMessageSchema> {
  const unsubscribeUrl = unsubscribeUrlOf(deps, args.workspaceId, args.unsubscribe);
  const mail = renderDigest(args.canSeeCosts ? args.data : digestWithoutCosts(args.data), {
    appUrl: deps.publicUrl(),
    unsubscribeUrl,
  });
  return { to: args.to, subject: mail.subject, html: mail.html, text: mail.text, unsubscribeUrl };
}
