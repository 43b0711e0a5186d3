import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * The kernel's ephemeral range: the local ports it hands to outgoing connections (every pooled
 * connection to PostgreSQL, every fetch) and to `listen(0)`. A port taken from it and handed to a
 * process that binds it a second later can meanwhile become the local end of such a connection
 * ("Port … is already in use": no-plaintext-secrets failed so in a full run).
 */
function ephemeralRange(): { low: number; high: number } {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    if (low && high) return { low, high };
  } catch {
    // Not Linux: the IANA dynamic range.
  }
  return { low: 49152, high: 65535 };
}

/** Whether `port` can be bound on 127.0.0.1 right now (released again before this resolves). */
function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A TCP port on 127.0.0.1 that was free a moment ago, for a process the test or bench starts: a
 * random one below the ephemeral range (so no outgoing connection takes it meanwhile), checked by
 * binding it. Another test's `freePort` could still pick the same one; at 1 in ~20,000 a pick, and
 * with a bind check, that is not the race that failed.
 */
export async function freePort(): Promise<number> {
  const { low } = ephemeralRange();
  const floor = 10_000;
  if (low > floor + 1_000) {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const port = floor + Math.floor(Math.random() * (low - floor));
      if (await bindable(port)) return port;
    }
  }
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
