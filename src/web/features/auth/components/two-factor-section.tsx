import type { TwoFactorSetup } from '@shared/contracts/auth.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Skeleton } from '@web/components/ui/skeleton.tsx';
import { type FormEvent, useState } from 'react';
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useStartTwoFactor,
  useTwoFactorStatus,
} from '../api/use-password-auth.ts';
import { Field, FormError } from './auth-form-parts.tsx';

/**
 * Two-factor sign-in on the profile (password accounts): start → add the key to an authenticator
 * app → prove a code → the recovery codes, shown once. Off again with a code.
 */
export function TwoFactorSection() {
  const status = useTwoFactorStatus();
  const start = useStartTwoFactor();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const [code, setCode] = useState('');
  const setup: TwoFactorSetup | undefined = start.data;
  const onEnable = (event: FormEvent) => {
    event.preventDefault();
    enable.mutate(code, { onSuccess: () => setCode('') });
  };
  const onDisable = (event: FormEvent) => {
    event.preventDefault();
    disable.mutate(code, { onSuccess: () => setCode('') });
  };
  if (status.isPending) return <Skeleton className="h-16 w-full" data-testid="loading" />;
  if (status.isError) return <FormError error={status.error} fallback="Could not load two-factor sign-in." />;
  if (!status.data.available)
    return (
      <p className="text-sm text-slate-400">
        Your identity provider handles two-factor sign-in for your account.
      </p>
    );
  if (enable.data)
    return (
      <div className="grid gap-2" data-testid="recovery-codes">
        <p className="text-sm text-emerald-300">
          Two-factor sign-in is on. Keep these recovery codes somewhere safe: each works once, and they are
          shown only now.
        </p>
        <pre className="rounded-md bg-slate-950 p-3 font-mono text-sm text-slate-100">
          {enable.data.recoveryCodes.join('\n')}
        </pre>
      </div>
    );
  if (status.data.enabled)
    return (
      <form className="grid gap-3" onSubmit={onDisable}>
        <p className="text-sm text-emerald-300">Two-factor sign-in is on.</p>
        <Field
          id="disable-code"
          label="Code or recovery code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <FormError error={disable.error} fallback="Two-factor sign-in could not be turned off." />
        <Button type="submit" variant="outline" disabled={disable.isPending || code === ''}>
          Turn two-factor sign-in off
        </Button>
      </form>
    );
  return setup ? (
    <form className="grid gap-3" onSubmit={onEnable}>
      <p className="text-sm text-slate-300">
        Add this key to your authenticator app (or open the link on your phone), then enter the code it shows.
      </p>
      <code
        className="break-all rounded-md bg-slate-950 p-2 text-sm text-slate-100"
        data-testid="totp-secret"
      >
        {setup.secret}
      </code>
      <a href={setup.uri} className="text-sm text-indigo-300 hover:underline">
        Open in an authenticator app
      </a>
      <Field
        id="enable-code"
        label="Code"
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <FormError error={enable.error} fallback="Two-factor sign-in could not be turned on." />
      <Button type="submit" disabled={enable.isPending || code === ''}>
        Turn two-factor sign-in on
      </Button>
    </form>
  ) : (
    <div className="grid gap-3">
      <p className="text-sm text-slate-300">
        Two-factor sign-in is off. With it on, signing in also asks for a code from your phone.
      </p>
      <FormError error={start.error} fallback="Two-factor sign-in could not be started." />
      <Button variant="outline" disabled={start.isPending} onClick={() => start.mutate()}>
        Set up two-factor sign-in
      </Button>
    </div>
  );
}
