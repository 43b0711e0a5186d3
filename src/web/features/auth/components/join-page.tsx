import { Button } from '@web/components/ui/button.tsx';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'wouter';
import { useJoinWithPassword } from '../api/use-password-auth.ts';
import { AuthCard, Field, FormError, PASSWORD_HINT } from './auth-form-parts.tsx';

/**
 * /join/:token — where an invitation link leads a signed-out person when the install has password
 * accounts: they choose a name and password and join (the mailed link verifies their address).
 */
export function JoinPage() {
  const { token = '' } = useParams<{ token: string }>();
  const join = useJoinWithPassword(token);
  const [form, setForm] = useState({ name: '', password: '' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    join.mutate(form);
  };
  return (
    <AuthCard
      title="Join the workspace"
      description="You were invited to Upside. Choose your name and password."
    >
      <form className="grid gap-4" onSubmit={submit}>
        <Field
          id="join-name"
          label="Your name"
          autoComplete="name"
          required
          value={form.name}
          onChange={(event) => setForm({ ...form, name: event.target.value })}
        />
        <Field
          id="join-password"
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          hint={PASSWORD_HINT}
          value={form.password}
          onChange={(event) => setForm({ ...form, password: event.target.value })}
        />
        <FormError error={join.error} fallback="The invitation could not be used." />
        <Button type="submit" disabled={join.isPending}>
          {join.isPending ? 'Joining…' : 'Set my password and join'}
        </Button>
      </form>
      <Link
        href={`/sign-in?returnTo=${encodeURIComponent(`/invitations/${token}`)}`}
        className="mt-4 block text-sm text-indigo-300 hover:underline"
      >
        I already have an account: sign in
      </Link>
    </AuthCard>
  );
}
