import { Button } from '@web/components/ui/button.tsx';
import { isApiError } from '@web/lib/api-error.ts';
import { type FormEvent, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { usePasswordLogin } from '../api/use-password-auth.ts';
import { AuthCard, Field, FormError } from './auth-form-parts.tsx';

/** /sign-in — e-mail and password, then the two-factor code when the account has it on. */
export function SignInPage() {
  const returnTo = new URLSearchParams(useSearch()).get('returnTo') ?? '/';
  const login = usePasswordLogin(returnTo);
  const [form, setForm] = useState({ email: '', password: '', code: '' });
  const needsCode =
    isApiError(login.error, 'two_factor_required', 'wrong_two_factor_code') || form.code !== '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate({ email: form.email, password: form.password, ...(form.code ? { code: form.code } : {}) });
  };
  return (
    <AuthCard title="Sign in">
      <form className="grid gap-4" onSubmit={submit}>
        <Field
          id="email"
          label="E-mail"
          type="email"
          autoComplete="username"
          required
          value={form.email}
          onChange={(event) => setForm({ ...form, email: event.target.value })}
        />
        <Field
          id="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={form.password}
          onChange={(event) => setForm({ ...form, password: event.target.value })}
        />
        {needsCode ? (
          <Field
            id="code"
            label="Two-factor code"
            autoComplete="one-time-code"
            inputMode="numeric"
            hint="The 6-digit code from your authenticator app, or one of your recovery codes."
            value={form.code}
            onChange={(event) => setForm({ ...form, code: event.target.value })}
          />
        ) : null}
        <FormError error={login.error} fallback="Sign-in failed. Try again." />
        <Button type="submit" disabled={login.isPending}>
          {login.isPending ? 'Signing in…' : 'Sign in'}
        </Button>
        <Link href="/forgot-password" className="text-sm text-indigo-300 hover:underline">
          Forgot your password?
        </Link>
      </form>
    </AuthCard>
  );
}
