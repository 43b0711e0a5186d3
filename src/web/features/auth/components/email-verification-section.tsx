import { Button } from '@web/components/ui/button.tsx';
import { Skeleton } from '@web/components/ui/skeleton.tsx';
import { useEmailVerification, useSendVerificationLink } from '../api/use-email-verification.ts';
import { FormError } from './auth-form-parts.tsx';

/**
 * The account's e-mail address on the profile (issue #38): proven, or a button that mails a
 * single-use link to prove it (alerts, digests and password resets go to this address).
 */
export function EmailVerificationSection() {
  const status = useEmailVerification();
  const send = useSendVerificationLink();
  if (status.isPending) return <Skeleton className="h-10 w-full" data-testid="loading" />;
  if (status.isError) return <FormError error={status.error} fallback="Could not load your address." />;
  const { email, verified, verifiedAt, canVerify } = status.data;
  if (!email) return <p className="text-sm text-slate-400">Your account has no e-mail address.</p>;
  return (
    <div className="grid gap-2 text-sm" data-testid="email-verification">
      <p className="text-slate-200">
        {email}{' '}
        {verified ? (
          <span className="text-emerald-300">
            · confirmed{verifiedAt ? ` ${new Date(verifiedAt).toLocaleDateString()}` : ''}
          </span>
        ) : canVerify ? (
          <span className="text-amber-300">· not confirmed yet</span>
        ) : (
          <span className="text-slate-400">· as your sign-in provider gives it</span>
        )}
      </p>
      {!verified && canVerify ? (
        send.isSuccess ? (
          <p role="status" className="text-slate-300">
            We sent a link to {send.data.sentTo}. It works once, for one hour.
          </p>
        ) : (
          <div>
            <Button size="sm" variant="outline" disabled={send.isPending} onClick={() => send.mutate()}>
              {send.isPending ? 'Sending…' : 'Send a confirmation link'}
            </Button>
          </div>
        )
      ) : null}
      <FormError error={send.error} fallback="The link could not be sent." />
    </div>
  );
}
