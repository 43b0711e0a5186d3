import pg from 'pg';

/**
 * Analysis-shaped reads on the read replica (decision 126) while the bench's offered load runs on
 * the primary: `clients` connections each scanning and aggregating the raw events back to back
 * (sessions and events per page, the kind of full read an analysis run does). Returns a function
 * that stops them and answers how many reads finished.
 */
export function startReplicaReads(replicaUrl: string, clients = 2): () => Promise<number> {
  let stopped = false;
  let reads = 0;
  const loops = Array.from({ length: clients }, async () => {
    const client = new pg.Client({ connectionString: replicaUrl });
    await client.connect();
    try {
      while (!stopped) {
        await client.query(
          `SELECT configuration_id, page_url, count(*) AS events, count(DISTINCT session_id) AS sessions
           FROM tracking_events GROUP BY configuration_id, page_url`,
        );
        reads += 1;
      }
    } finally {
      await client.end();
    }
  });
  return async () => {
    stopped = true;
    await Promise.all(loops);
    return reads;
  };
}
