import { Button } from '@web/components/ui/button.tsx';
import { Skeleton } from '@web/components/ui/skeleton.tsx';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'wouter';
import { useFinishReset, useResetPreview } from '../api/use-password-auth.ts';
import { AuthCard, Field, FormError, PASSWORD_HINT } from './auth-form-parts.tsx';

/** /reset-password/:token — the mailed link: choose a new password (410: used or expired). */
export function ResetPasswordPage() {
  const { token = '' } = useParams<{ token: string }>();
  const preview = useResetPreview(token);
  const finish = useFinishReset(token);
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    finish.mutate(password);
  };
  const signIn = (
    <Link href="/sign-in" className="mt-4 block text-sm text-indigo-300 hover:underline">
      Go to sign-in
    </Link>
  );
  return (
    <AuthCard title="Choose a new password">
      {preview.isPending ? (
        <Skeleton className="h-24 w-full" data-testid="loading" />
      ) : preview.isError ? (
        <>
          <FormError error={preview.error} fallback="This link cannot be used." />
          <Link href="/forgot-password" className="mt-4 block text-sm text-indigo-300 hover:underline">
            Ask for a new link
          </Link>
        </>
      ) : finish.isSuccess ? (
        <>
          <p role="status" className="text-sm text-slate-200">
            Your password is changed, and every device was signed out. Sign in with the new one.
          </p>
          {signIn}
        </>
      ) : (
        <form className="grid gap-4" onSubmit={submit}>
          <p className="text-sm text-slate-300">For the account {preview.data.email}.</p>
          <Field
            id="new-password"
            label="New password"
            type="password"
            autoComplete="new-password"
            required
            hint={PASSWORD_HINT}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <FormError error={finish.error} fallback="The password could not be changed." />
          <Button type="submit" disabled={finish.isPending}>
            {finish.isPending ? 'Saving…' : 'Set the new password'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
