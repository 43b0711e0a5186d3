import { resolve } from 'node:path';
import { backupDatabase } from '../../server/db/backup.ts';
import { type CliCommand, CliUsageError, parseFlags } from '../command.ts';
import { loadCliEnv, targetOfCliEnv } from '../database-target.ts';

/**
 * `upside backup --out FILE`: the whole database to one file (pg_dump custom format on
 * PostgreSQL; a gzipped data-directory archive on PGlite, where the app must be stopped).
 */
export const command: CliCommand = {
  summary: 'Back up the database: `backup --out FILE` (pg_dump on PostgreSQL, an archive on PGlite)',
  async run(argv) {
    const flags = parseFlags(argv, { out: { type: 'string' } });
    if (!flags.out) throw new CliUsageError('usage: upside backup --out FILE');
    const target = targetOfCliEnv(loadCliEnv());
    try {
      const result = await backupDatabase(target, resolve(flags.out));
      process.stdout.write(
        `Backed up the ${result.kind === 'postgres' ? 'PostgreSQL' : 'embedded (PGlite)'} database to ${result.file} (${result.bytes} bytes).\n` +
          'Keep ENCRYPTION_KEY (or DATA_DIR/encryption.key) with it: stored credentials are encrypted under that key.\n',
      );
      return 0;
    } catch (error) {
      throw new CliUsageError(error instanceof Error ? error.message : String(error));
    }
  },
};
