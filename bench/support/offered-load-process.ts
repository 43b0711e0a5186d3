import { appendFileSync, readFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { latencySummary } from './percentile.ts';
import { postTrackerBatch } from './post-tracker-batch.ts';

/**
 * The open-loop sender of bench/tracking-ingest.bench.ts, run as its own process (issue 16): in
 * the bench's process, its scavenges of the bodies, promises and latency arrays (up to 28 ms seen
 * with --trace-gc) landed in the p99 it measured. Here it holds only the serialised bodies.
 *
 * argv: a JSON file of { url, rate, seconds, warmupSeconds, bodies: [{ origin, text, events }] }.
 * Each request leaves at its scheduled time, answered or not, and its latency is counted from that
 * time (no coordinated omission). Prints one JSON line: the measured window and the warm-up's.
 * BENCH_LATENCY_LOG=<file> also writes one line per request, after the run: its scheduled time (epoch
 * ms), latency (ms) and status, to lay the slow ones beside the server's and PostgreSQL's logs.
 */
interface Plan {
  url: string;
  rate: number;
  seconds: number;
  warmupSeconds: number;
  bodies: { origin: string; text: string; events: number }[];
}

/** Latencies and outcomes of one window of the run. */
class Window {
  readonly latencies: number[] = [];
  readonly statuses = new Map<number, number>();
  requests = 0;
  accepted = 0;

  record(status: number, events: number, latency: number): void {
    this.requests += 1;
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    if (status !== 200) return;
    this.accepted += events;
    this.latencies.push(latency);
  }

  summary(seconds: number) {
    return {
      requests: this.requests,
      eventsPerSecond: Math.round(this.accepted / seconds),
      latency: latencySummary(this.latencies),
      statuses: Object.fromEntries(this.statuses),
    };
  }
}

const plan = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Plan;
const agent = new Agent({ keepAlive: true, maxSockets: 256 });
const target = new URL('/api/cursor-tracking/events', plan.url);
const warmup = new Window();
const measured = new Window();
const inFlight = new Set<Promise<void>>();
const started = performance.now();
const measureFrom = started + plan.warmupSeconds * 1000;
const end = measureFrom + plan.seconds * 1000;
const latencyLog = process.env.BENCH_LATENCY_LOG;
const logged: string[] = [];
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
let next = started;
let n = 0;
while (next < end) {
  const now = performance.now();
  while (next <= now && next < end) {
    const body = plan.bodies[n % plan.bodies.length]!;
    const scheduled = next;
    const window = scheduled >= measureFrom ? measured : warmup;
    const sent = postTrackerBatch(agent, target, body.origin, body.text).then((status) => {
      const latency = performance.now() - scheduled;
      window.record(status, body.events, latency);
      if (latencyLog)
        logged.push(`${(performance.timeOrigin + scheduled).toFixed(1)} ${latency.toFixed(1)} ${status}`);
    });
    inFlight.add(sent);
    void sent.finally(() => inFlight.delete(sent));
    next += (body.events / plan.rate) * 1000;
    n += 1;
  }
  await sleep(1);
}
await Promise.all(inFlight);
agent.destroy();
if (latencyLog) appendFileSync(latencyLog, `${logged.join('\n')}\n`);
const measuredSeconds = (Math.max(performance.now(), end) - measureFrom) / 1000;
process.stdout.write(
  `${JSON.stringify({ measured: measured.summary(measuredSeconds), warmup: warmup.summary(plan.warmupSeconds) })}\n`,
);
