import type { Database, Db } from '../db/client.ts';
import type { Env } from '../env.ts';
import type { Secrets } from '../secrets.ts';

/** Everything a route or service needs from the outside world, built once by the composition root. */
export interface AppDeps {
  env: Env;
  database: Database;
  db: Db;
  secrets: Secrets;
  /** The only clock the server reads, so tests can move time. */
  clock: () => Date;
  /** The origin browsers use (PUBLIC_URL, or the listening address once known). */
  publicUrl: () => string;
  startedAt: Date;
}
