import { ReadError } from '@web/components/page-states.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Skeleton } from '@web/components/ui/skeleton.tsx';
import { errorSentence } from '@web/lib/api-error.ts';
import { followSessionTo } from '@web/lib/stores/store-query-clients.ts';
import { useLocation, useParams } from 'wouter';
import { useAcceptInvitation, useInvitationPreview } from '../api/use-members.ts';

const NOT_PENDING = {
  accepted: 'This invitation was already used.',
  expired: 'This invitation has expired (they last 7 days). Ask for a new one.',
  revoked: 'This invitation was withdrawn. Ask for a new one.',
} as const;

/**
 * /invitations/:token — the link an invitation sends. Signed-out visitors see the landing page
 * (sign in first); signed in, the invitee sees the workspace and role and accepts.
 */
export function InvitationPage() {
  const { token = '' } = useParams<{ token: string }>();
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation(token);
  const [, navigate] = useLocation();
  return (
    <div className="mx-auto grid max-w-xl gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Invitation</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          {preview.isLoading ? (
            <Skeleton className="h-12 w-full" data-testid="loading" />
          ) : preview.error ? (
            <ReadError error={preview.error} />
          ) : preview.data ? (
            <>
              {preview.data.state === 'pending' ? (
                <p className="text-slate-200">
                  {preview.data.invitedBy ?? 'A member'} invited <strong>{preview.data.email}</strong> to join{' '}
                  <strong>{preview.data.workspaceName}</strong> as <strong>{preview.data.role}</strong>.
                </p>
              ) : null}
              {preview.data.state === 'pending' ? (
                <Button
                  disabled={accept.isPending}
                  onClick={() =>
                    accept.mutate(undefined, {
                      // The session now reads the invited workspace's store, under a query cache of
                      // its own (this page unmounts with the old one): navigate first.
                      onSuccess: (accepted) => {
                        navigate('/dashboard');
                        followSessionTo(accepted.storeId);
                      },
                    })
                  }
                >
                  Accept and join
                </Button>
              ) : (
                <p className="text-sm text-amber-200" role="status">
                  {NOT_PENDING[preview.data.state]}
                </p>
              )}
              {accept.error ? (
                <p role="alert" className="text-sm text-rose-300">
                  {errorSentence(accept.error, 'The invitation could not be accepted')}
                </p>
              ) : null}
            </>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
