import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { type FormEvent, useState } from 'react';
import { useOwnerSetup } from '../api/use-password-auth.ts';
import { Field, FormError, PASSWORD_HINT } from './auth-form-parts.tsx';

/**
 * "Create the owner account" (issue #38): shown on `/` of a fresh install with password accounts.
 * The first person becomes the owner and is signed in.
 */
export function OwnerSetupForm() {
  const setup = useOwnerSetup();
  const [form, setForm] = useState({ name: '', email: '', password: '' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setup.mutate(form);
  };
  const field = (key: keyof typeof form) => ({
    value: form[key],
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value }),
  });
  return (
    <Card className="mx-auto max-w-md text-left" data-testid="owner-setup">
      <CardHeader>
        <CardTitle>Create the owner account</CardTitle>
        <CardDescription className="text-slate-300">
          This Upside has no account yet. The first one owns it and invites everyone else.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={submit}>
          <Field id="setup-name" label="Your name" autoComplete="name" required {...field('name')} />
          <Field
            id="setup-email"
            label="E-mail"
            type="email"
            autoComplete="email"
            required
            {...field('email')}
          />
          <Field
            id="setup-password"
            label="Password"
            type="password"
            autoComplete="new-password"
            required
            hint={PASSWORD_HINT}
            {...field('password')}
          />
          <FormError error={setup.error} fallback="The account could not be created." />
          <Button type="submit" disabled={setup.isPending}>
            {setup.isPending ? 'Creating the account…' : 'Create the owner account'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
