import type { Delivery } from '@shared/contracts/notifications.ts';
import { Badge } from '@web/components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { errorSentence } from '@web/lib/api-error.ts';
import { Link } from 'wouter';
import { useAlerts, useCaughtMail, useDeliveries } from '../api/use-notifications.ts';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

/** A delivery's status as a badge, with the reason of a failure. */
export function DeliveryStatus({ delivery }: { delivery: Delivery }) {
  const tone =
    delivery.status === 'sent'
      ? 'text-emerald-300'
      : delivery.status === 'failed'
        ? 'text-rose-300'
        : 'text-amber-300';
  return (
    <span className={`text-xs ${tone}`}>
      {delivery.status}
      {delivery.lastError && delivery.status !== 'sent' ? `: ${delivery.lastError}` : ''}
    </span>
  );
}

/** Every message sent or being sent, newest first (the table scrolls inside its card). */
export function DeliveryHistory() {
  const deliveries = useDeliveries();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">History</CardTitle>
        <CardDescription>
          Every digest, alert and test message, each delivered once; failures are retried, then shown with the
          reason.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {deliveries.error ? (
          <p className="text-sm text-rose-300">
            {errorSentence(deliveries.error, 'The history could not be loaded.')}
          </p>
        ) : deliveries.isLoading ? (
          <p className="text-sm text-slate-400">Loading…</p>
        ) : (deliveries.data?.deliveries.length ?? 0) === 0 ? (
          <p className="text-sm text-slate-400">No messages yet. Send a test above.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[560px] text-left text-sm" data-testid="delivery-history">
              <thead className="text-xs text-slate-400">
                <tr>
                  <th className="py-1 pr-3">When</th>
                  <th className="py-1 pr-3">To</th>
                  <th className="py-1 pr-3">Message</th>
                  <th className="py-1">Status</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-800 text-slate-200">
                {deliveries.data?.deliveries.map((delivery) => (
                  <tr key={delivery.id}>
                    <td className="py-1 pr-3 whitespace-nowrap">{when(delivery.createdAt)}</td>
                    <td className="py-1 pr-3">
                      {delivery.recipient} <span className="text-xs text-slate-500">({delivery.kind})</span>
                    </td>
                    <td className="py-1 pr-3">{delivery.subject}</td>
                    <td className="py-1">
                      <DeliveryStatus delivery={delivery} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** Alerts, open first by time, each linking to the page that explains it. */
export function AlertHistory() {
  const alerts = useAlerts();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Alerts</CardTitle>
        <CardDescription>
          An alert opens once, is not re-sent while it stays open, and sends a notice when it clears.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {alerts.error ? (
          <p className="text-sm text-rose-300">
            {errorSentence(alerts.error, 'The alerts could not be loaded.')}
          </p>
        ) : (alerts.data?.alerts.length ?? 0) === 0 ? (
          <p className="text-sm text-slate-400">{alerts.isLoading ? 'Loading…' : 'No alerts so far.'}</p>
        ) : (
          <ul className="divide-y divide-slate-800" data-testid="alert-history">
            {alerts.data?.alerts.map((alert) => (
              <li key={alert.id} className="py-2">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge variant={alert.status === 'open' ? 'destructive' : 'secondary'}>
                    {alert.status}
                  </Badge>
                  <Link href={alert.link} className="font-medium text-indigo-300 hover:underline">
                    {alert.title}
                  </Link>
                </div>
                <p className="text-sm text-slate-300">{alert.detail}</p>
                <p className="text-xs text-slate-500">
                  opened {when(alert.openedAt)}
                  {alert.resolvedAt ? ` · resolved ${when(alert.resolvedAt)}` : ''} ·{' '}
                  {alert.deliveries.length} message
                  {alert.deliveries.length === 1 ? '' : 's'}
                </p>
              </li>
            ))}
          </ul>
        )}
        {alerts.data?.notes.length ? (
          <div className="mt-3" data-testid="alert-notes">
            <p className="text-xs font-medium text-slate-400">Not judged at the latest check</p>
            <ul className="text-xs text-slate-400">
              {alerts.data.notes.map((note) => (
                <li key={`${note.rule}|${note.subject}`}>{note.note}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Demo/development without SMTP_URL: what the local mail catcher received. */
export function CaughtMail() {
  const caught = useCaughtMail();
  if (!caught.data?.enabled) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Caught mail</CardTitle>
        <CardDescription>
          No <code>SMTP_URL</code> is set, so e-mail goes to a local mail catcher instead of the internet.
          What it received since the server started (it keeps mail in memory; the history below keeps every
          send):
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {caught.data.messages.length === 0 ? (
          <p className="text-sm text-slate-400">
            Nothing caught since the server started: press “Send test digest”.
          </p>
        ) : (
          caught.data.messages.slice(0, 10).map((mail) => (
            <details
              key={mail.id}
              className="rounded-md border border-slate-800 p-2"
              data-testid="caught-mail"
            >
              <summary className="cursor-pointer text-sm text-slate-100">
                {mail.subject}{' '}
                <span className="text-xs text-slate-400">
                  → {mail.to.join(', ')} · {when(mail.receivedAt)}
                </span>
              </summary>
              {mail.html ? (
                <iframe
                  title={mail.subject}
                  sandbox=""
                  srcDoc={mail.html}
                  className="mt-2 h-[480px] w-full rounded bg-white"
                />
              ) : (
                <pre className="mt-2 whitespace-pre-wrap text-xs text-slate-300">{mail.text}</pre>
              )}
            </details>
          ))
        )}
      </CardContent>
    </Card>
  );
}
