/** Closes Fastify instances, releasing hung requests first (they would keep `close` waiting). */
export interface Closeable {
  close(): PromiseLike<unknown>;
  faults?: { releaseHung(): void };
}

export async function closeAll(apps: readonly Closeable[]): Promise<void> {
  for (const app of apps) app.faults?.releaseHung();
  await Promise.allSettled(apps.map((app) => app.close()));
}
