/**
 * 1,000 recipients' digests to a local SMTP server (issue #14: < 60 s), through the real path:
 * one delivery row per recipient (decision 028), the deliver-notification jobs run by the queue,
 * nodemailer's pooled SMTP transport, an smtp-server counting what it receives. Prints the time to
 * queue, the time until the last message arrived, messages per second, and duplicates (must be 0).
 *
 * Options: BENCH_RECIPIENTS (default 1000), BENCH_WORKERS (parallel job runners, default 4).
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { readDigest } from '../src/server/domain/notifications/read-digest.ts';
import { renderDigest } from '../src/server/features/notifications/digest/render-digest.ts';
import type { AppDeps } from '../src/server/http/deps.ts';
import { runJobsUntilIdle } from '../src/server/jobs/worker.ts';
import { closeMail } from '../src/server/platform/mail/mail-transport.ts';
import { queueDelivery } from '../src/server/platform/notifications/queue-delivery.ts';
import { load } from './support/load-average.ts';
import { fillSyntheticProfitStore, startProfitBench } from './support/profit-bench.ts';

const recipients = Number(process.env.BENCH_RECIPIENTS ?? 1000);
const workers = Number(process.env.BENCH_WORKERS ?? 4);

const received = new Map<string, number>();
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => {
      for (const rcpt of session.envelope.rcptTo)
        received.set(rcpt.address, (received.get(rcpt.address) ?? 0) + 1);
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;

const bench = await startProfitBench();
let deps: AppDeps | undefined;
try {
  const sendDeps: AppDeps = {
    ...bench.server.deps,
    env: { ...bench.server.deps.env, mail: { smtpUrl, from: 'Upside <bench@upside.test>' } },
    mail: { runtime: undefined },
  };
  deps = sendDeps;
  await fillSyntheticProfitStore(bench.db, bench.workspaceId, 10_000);
  const now = new Date();
  const mail = renderDigest(await readDigest(bench.server.deps, bench.workspaceId, 'daily', now), {
    appUrl: 'http://localhost:5000',
    unsubscribeUrl: 'http://localhost:5000/api/notifications/unsubscribe?token=x.y',
  });
  const started = performance.now();
  for (let i = 0; i < recipients; i += 1) {
    const to = `reader${i}@bench.test`;
    await queueDelivery(sendDeps, {
      workspaceId: bench.workspaceId,
      source: 'digest:daily',
      period: '2026-11-25',
      recipient: `email:${to}`,
      channelId: null,
      alertId: null,
      kind: 'email',
      subject: mail.subject,
      message: { to, subject: mail.subject, html: mail.html, text: mail.text, unsubscribeUrl: null },
    });
  }
  const queuedMs = performance.now() - started;
  const outcomes = (
    await Promise.all(
      Array.from({ length: workers }, () => runJobsUntilIdle(sendDeps, { maxJobs: recipients })),
    )
  ).flat();
  while (
    [...received.values()].reduce((a, b) => a + b, 0) < recipients &&
    performance.now() - started < 120_000
  )
    await new Promise((resolve) => setTimeout(resolve, 20));
  const totalMs = performance.now() - started;
  const messages = [...received.values()].reduce((a, b) => a + b, 0);
  const duplicates = [...received.values()].filter((count) => count > 1).length;
  console.log(
    `${recipients} recipients, ${workers} workers: queued in ${(queuedMs / 1000).toFixed(1)} s, all ${messages} received after ${(totalMs / 1000).toFixed(1)} s (${(messages / (totalMs / 1000)).toFixed(0)} msg/s); failed jobs ${outcomes.filter((o) => o.status !== 'succeeded').length}; recipients with duplicates ${duplicates}; load average ${load()}`,
  );
} finally {
  if (deps) await closeMail(deps);
  await bench.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
}
