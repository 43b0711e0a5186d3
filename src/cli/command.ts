import { type ParseArgsConfig, parseArgs } from 'node:util';
import { type Env, EnvError, loadEnv } from '../server/env.ts';

/** One `upside` sub-command; `run` returns the process exit code. */
export interface CliCommand {
  summary: string;
  run(argv: string[]): Promise<number>;
}

/** Bad flags or bad input files: printed as one line, exit code 2, never a stack trace. */
export class CliUsageError extends Error {
  override name = 'CliUsageError';
}

/** `node:util` parseArgs with strict flags, turning its errors into CliUsageError. */
export function parseFlags<T extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: T) {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new CliUsageError(error instanceof Error ? error.message : String(error));
  }
}

/** The server's environment for a command that runs it (start, worker); a bad variable is a usage error. */
export function loadCommandEnv(): Env {
  try {
    return loadEnv();
  } catch (error) {
    if (error instanceof EnvError) throw new CliUsageError(error.message);
    throw error;
  }
}
