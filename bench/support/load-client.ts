import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/** One endpoint's latencies (ms) from the load client: the cold first request, then the measured ones. */
export interface EndpointLatencies {
  first: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

/**
 * Requests per endpoint sent before any measured ones and not counted (BENCH_WARMUP, default 20):
 * the server's JIT and the database's caches settle, as on a server that has been up a while.
 */
export const WARMUP_REQUESTS = Number(process.env.BENCH_WARMUP ?? 20);

/** Every request the client sends to one endpoint: the first, the warm-up and the measured ones. */
export const requestsSent = (requests: number): number => 1 + WARMUP_REQUESTS + requests;

const clientPath = fileURLToPath(new URL('./load-client-process.ts', import.meta.url));

/**
 * Runs bench/support/load-client-process.ts in a second process (so the load's own CPU is not the
 * server's event loop), `requests` GETs per path with `concurrency` in flight, signed in with
 * `cookie`. Asynchronous on purpose: a server in this process answers meanwhile.
 */
export async function runLoadClient(options: {
  url: string;
  cookie: string;
  concurrency: number;
  requests: number;
  paths: readonly string[];
  timeoutMs?: number;
}): Promise<Record<string, EndpointLatencies>> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      clientPath,
      options.url,
      options.cookie,
      String(options.concurrency),
      String(options.requests),
      String(WARMUP_REQUESTS),
      ...options.paths,
    ],
    { encoding: 'utf8', timeout: options.timeoutMs ?? 600_000 },
  );
  return JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as Record<string, EndpointLatencies>;
}

/** "first … p50 … p95 … p99 …" of one endpoint, with its errors when there were any. */
export const formatLatencies = (r: EndpointLatencies): string =>
  `first ${r.first.toFixed(1)} ms  p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms${r.errors ? `  errors ${r.errors}` : ''}`;
