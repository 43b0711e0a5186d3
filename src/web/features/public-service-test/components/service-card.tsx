import type { PublicService, PublicServiceResponse } from '@shared/contracts/public.ts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Badge } from '@web/components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import type { ReactNode } from 'react';

const SERVICE_NAMES: Record<PublicService, string> = {
  health: 'Health',
  'basic-stats': 'Basic Stats',
  config: 'Config',
  'sample-data': 'Sample Data',
};

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-xs font-semibold tracking-wide text-slate-400 uppercase">{label}</dt>
      <dd className="text-sm break-words text-slate-100">{children}</dd>
    </div>
  );
}

function JsonBlock({ value }: { value: unknown }) {
  return (
    <pre className="max-h-48 overflow-auto rounded-md bg-slate-950/80 p-3 font-mono text-xs text-slate-200">
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

function formatTimestamp(timestamp: string): string {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? timestamp : date.toLocaleString();
}

function ServiceDetails({ result }: { result: PublicServiceResponse }) {
  return (
    <dl className="grid gap-4">
      <Field label="Message">{result.message}</Field>
      <div className="grid grid-cols-2 gap-4">
        <Field label="Status">{result.status}</Field>
        <Field label="Uptime">{Math.floor(result.uptime)} seconds</Field>
      </div>
      <Field label="Environment">{result.environment}</Field>
      <Field label="Data">
        <JsonBlock value={result.data} />
      </Field>
      <Field label="Config">
        <JsonBlock value={result.config} />
      </Field>
      <Field label="Endpoints">
        <ul className="grid gap-1 font-mono text-xs">
          {result.endpoints.map((endpoint) => (
            <li key={endpoint}>{endpoint}</li>
          ))}
        </ul>
      </Field>
      <Field label="Note">{result.note}</Field>
      <Field label="Updated">
        <time dateTime={result.timestamp}>{formatTimestamp(result.timestamp)}</time>
      </Field>
    </dl>
  );
}

/** One probe's card: name, Working/Failed badge and every field of the public service response. */
export function ServiceCard({
  service,
  query,
}: {
  service: PublicService;
  query: UseQueryResult<PublicServiceResponse>;
}) {
  const name = SERVICE_NAMES[service];
  return (
    <Card aria-label={`${name} service`} data-service={service}>
      <CardHeader className="flex-row items-center justify-between gap-3">
        <CardTitle>{name}</CardTitle>
        {query.isPending ? (
          <Badge variant="secondary">Testing…</Badge>
        ) : query.isError ? (
          <Badge variant="destructive">Failed</Badge>
        ) : (
          <Badge variant="success">Working</Badge>
        )}
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Spinner label={`Testing ${name}…`} showLabel />
        ) : query.isError ? (
          <div className="grid gap-2">
            <p className="text-slate-300">No data available</p>
            <p className="font-mono text-xs break-words text-rose-300">{query.error.message}</p>
          </div>
        ) : (
          <ServiceDetails result={query.data} />
        )}
      </CardContent>
    </Card>
  );
}
