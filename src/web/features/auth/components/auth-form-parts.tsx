import { PRODUCT_TITLE } from '@shared/ui-constants.ts';
import { CityBackground } from '@web/components/layout/city-background.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { errorSentence } from '@web/lib/api-error.ts';
import type { InputHTMLAttributes, ReactNode } from 'react';

/** The signed-out pages' frame: the landing's background and one centred card. */
export function AuthCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <div className="relative min-h-screen">
      <CityBackground />
      <main className="relative z-10 mx-auto flex min-h-screen max-w-md flex-col justify-center px-4 py-12">
        <p className="mb-4 text-center text-lg font-bold text-white">{PRODUCT_TITLE}</p>
        <Card>
          <CardHeader>
            <CardTitle>{title}</CardTitle>
            {description ? <CardDescription className="text-slate-300">{description}</CardDescription> : null}
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
      </main>
    </div>
  );
}

/** A labelled field. */
export function Field({
  id,
  label,
  hint,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { id: string; label: string; hint?: string }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} name={id} {...input} />
      {hint ? <p className="text-xs text-slate-400">{hint}</p> : null}
    </div>
  );
}

/** The server's sentence for a failed submit (it names the rule or field), or nothing. */
export function FormError({ error, fallback }: { error: unknown; fallback: string }) {
  if (!error) return null;
  return (
    <p role="alert" className="text-sm text-rose-300">
      {errorSentence(error, fallback)}
    </p>
  );
}

export const PASSWORD_HINT =
  'At least 12 characters; a common password is refused. A short sentence works well.';
