import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Skeleton } from '@web/components/ui/skeleton.tsx';
import { useMySessions, useRevokeSession } from '../api/use-password-auth.ts';
import { FormError } from './auth-form-parts.tsx';
import { EmailVerificationSection } from './email-verification-section.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

/** The devices signed in to the caller's account, each one revocable (issue #38). */
function SessionsSection() {
  const sessions = useMySessions();
  const revoke = useRevokeSession();
  if (sessions.isPending) return <Skeleton className="h-16 w-full" data-testid="loading" />;
  if (sessions.isError) return <FormError error={sessions.error} fallback="Could not load your devices." />;
  if (sessions.data.sessions.length === 0)
    return <p className="text-sm text-slate-400">No device is signed in.</p>;
  return (
    <ul className="divide-y divide-slate-800" data-testid="my-sessions">
      {sessions.data.sessions.map((session) => (
        <li key={session.id} className="flex items-center justify-between gap-4 py-2 text-sm">
          <div className="min-w-0">
            <p className="truncate text-slate-200">{session.userAgent ?? 'Unknown device'}</p>
            <p className="text-xs text-slate-400">
              Signed in {new Date(session.createdAt).toLocaleString()}
              {session.current ? ' · this device' : ''}
            </p>
          </div>
          {session.current ? null : (
            <Button
              size="sm"
              variant="outline"
              disabled={revoke.isPending}
              onClick={() => revoke.mutate(session.id)}
            >
              Sign out
            </Button>
          )}
        </li>
      ))}
      <FormError error={revoke.error} fallback="The device could not be signed out." />
    </ul>
  );
}

/** The profile's "Sign-in and security" card: the e-mail address, two-factor sign-in and signed-in devices. */
export function AccountSecurity() {
  return (
    <Card data-testid="account-security">
      <CardHeader>
        <CardTitle>Sign-in and security</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6">
        <section aria-labelledby="email-heading" className="grid gap-2">
          <h3 id="email-heading" className="font-medium text-slate-100">
            E-mail address
          </h3>
          <EmailVerificationSection />
        </section>
        <section aria-labelledby="two-factor-heading" className="grid gap-2">
          <h3 id="two-factor-heading" className="font-medium text-slate-100">
            Two-factor sign-in
          </h3>
          <TwoFactorSection />
        </section>
        <section aria-labelledby="devices-heading" className="grid gap-2">
          <h3 id="devices-heading" className="font-medium text-slate-100">
            Signed-in devices
          </h3>
          <SessionsSection />
        </section>
      </CardContent>
    </Card>
  );
}
