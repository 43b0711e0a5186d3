import { Button } from '@web/components/ui/button.tsx';
import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { useRequestReset } from '../api/use-password-auth.ts';
import { AuthCard, Field, FormError } from './auth-form-parts.tsx';

/** /forgot-password — asks for a reset link; the answer is the same whether the account exists. */
export function ForgotPasswordPage() {
  const reset = useRequestReset();
  const [email, setEmail] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    reset.mutate(email);
  };
  return (
    <AuthCard title="Forgot your password?" description="We e-mail you a link to choose a new one.">
      {reset.isSuccess ? (
        <p role="status" className="text-sm text-slate-200">
          If an account has the address {email}, an e-mail with a link is on its way. The link works once, for
          one hour.
        </p>
      ) : (
        <form className="grid gap-4" onSubmit={submit}>
          <Field
            id="email"
            label="E-mail"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <FormError error={reset.error} fallback="The link could not be requested. Try again." />
          <Button type="submit" disabled={reset.isPending}>
            {reset.isPending ? 'Sending…' : 'Send the link'}
          </Button>
        </form>
      )}
      <Link href="/sign-in" className="mt-4 block text-sm text-indigo-300 hover:underline">
        Back to sign-in
      </Link>
    </AuthCard>
  );
}
