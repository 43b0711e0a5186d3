import type { DatabaseTarget } from '../server/db/client.ts';
import { type Env, EnvError, loadEnv } from '../server/env.ts';
import { databaseTargetOf } from '../server/main.ts';
import { CliUsageError } from './command.ts';

/** The app's configuration for a maintenance command; a bad variable is a one-line usage error. */
export function loadCliEnv(): Env {
  try {
    return loadEnv();
  } catch (error) {
    if (error instanceof EnvError) throw new CliUsageError(error.message.replaceAll('\n', ' '));
    throw error;
  }
}

/** The database the app would open with this configuration. */
export function targetOfCliEnv(env: Env): DatabaseTarget {
  return databaseTargetOf(env);
}
