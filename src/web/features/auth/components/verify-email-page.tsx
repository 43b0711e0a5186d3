import { Button } from '@web/components/ui/button.tsx';
import { Link, useParams } from 'wouter';
import { useConfirmEmail } from '../api/use-email-verification.ts';
import { AuthCard, FormError } from './auth-form-parts.tsx';

/**
 * /verify-email/:token — the mailed link. Confirming is a button, not a page load: mail scanners
 * that open links must not use the single-use token up.
 */
export function VerifyEmailPage() {
  const { token = '' } = useParams<{ token: string }>();
  const confirm = useConfirmEmail(token);
  return (
    <AuthCard title="Confirm your e-mail address">
      {confirm.isSuccess ? (
        <>
          <p role="status" className="text-sm text-slate-200">
            {confirm.data.email} is confirmed. Alerts, digests and password resets will reach it.
          </p>
          <Link href="/profile" className="mt-4 block text-sm text-indigo-300 hover:underline">
            Go to your profile
          </Link>
        </>
      ) : (
        <div className="grid gap-4">
          <p className="text-sm text-slate-300">Confirm that this address belongs to your Upside account.</p>
          <FormError error={confirm.error} fallback="This link cannot be used." />
          <Button type="button" disabled={confirm.isPending} onClick={() => confirm.mutate()}>
            {confirm.isPending ? 'Confirming…' : 'Confirm my address'}
          </Button>
        </div>
      )}
    </AuthCard>
  );
}
