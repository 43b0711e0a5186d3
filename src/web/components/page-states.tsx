import { buttonClasses } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Skeleton } from '@web/components/ui/skeleton.tsx';
import { errorSentence } from '@web/lib/api-error.ts';
import type { metricAttributes } from '@web/lib/metric-attributes.ts';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

/** A card that says what is missing and links to /profile, where sources are connected. */
export function ProfilePrompt({
  title,
  text,
  action,
  testId,
}: {
  title: string;
  text: string;
  action: string;
  testId: string;
}) {
  return (
    <Card data-testid={testId}>
      <CardContent className="grid justify-items-center gap-3 py-12 text-center">
        <p className="text-lg font-semibold text-white">{title}</p>
        <p className="max-w-lg text-sm text-slate-300">{text}</p>
        <Link href="/profile" className={buttonClasses()}>
          {action}
        </Link>
      </CardContent>
    </Card>
  );
}

/** Nothing synced yet: say what to do and where (the credential panels live on /profile). */
export function NoStoreData({ what }: { what: string }) {
  return (
    <ProfilePrompt
      testId="no-store-data"
      title="No store data yet"
      text={`${what} appear once a Shopify store is connected and its first sync and analysis have run. Connect your store (or the demo store) on your profile page.`}
      action="Connect a store"
    />
  );
}

/** One summary figure: a title (with an optional icon beside it), the value and a one-line hint. */
export function SummaryStat({
  title,
  value,
  hint,
  icon,
  testId,
  metric,
}: {
  title: string;
  value: ReactNode;
  hint: string;
  icon?: ReactNode;
  testId: string;
  /** Names the figure (`metricAttributes`) for the cross-page check of decision 011. */
  metric?: ReturnType<typeof metricAttributes>;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader
        className={
          icon ? 'flex-row items-center justify-between p-4 pb-2 sm:p-6 sm:pb-2' : 'p-4 pb-2 sm:p-6 sm:pb-2'
        }
      >
        <CardTitle className="text-sm font-medium text-slate-300">{title}</CardTitle>
        {icon}
      </CardHeader>
      {/* Two cards a row on a phone: less padding and a smaller figure, so "$56,827.66" fits its card. */}
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        <p className="text-lg font-bold tabular-nums text-white sm:text-2xl" {...metric}>
          {value}
        </p>
        <p className="text-xs text-slate-400">{hint}</p>
      </CardContent>
    </Card>
  );
}

/** A failed read, as the server's sentence (never raw JSON). */
export function ReadError({ error }: { error: Error }) {
  return (
    <p role="alert" className="rounded-lg border border-red-500/40 bg-red-950/40 p-3 text-sm text-red-200">
      {errorSentence(error, 'Failed to load data')}
    </p>
  );
}

/** Placeholder cards while the first answer loads. */
export function LoadingCards({ count }: { count: number }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="loading">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders, never reordered
        <Card key={i}>
          <CardContent className="grid gap-3 pt-6">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-7 w-32" />
            <Skeleton className="h-3 w-20" />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
