import { resolve } from 'node:path';
import { restoreDatabase } from '../../server/db/backup.ts';
import { type CliCommand, CliUsageError, parseFlags } from '../command.ts';
import { loadCliEnv, targetOfCliEnv } from '../database-target.ts';

/**
 * `upside restore --from FILE --yes`: replaces the database's contents with a backup made by
 * `upside backup`. Stop the app first; start it again afterwards (migrations newer than the
 * backup are applied at start-up).
 */
export const command: CliCommand = {
  summary: 'Restore a backup: `restore --from FILE --yes` replaces the database (stop the app first)',
  async run(argv) {
    const flags = parseFlags(argv, { from: { type: 'string' }, yes: { type: 'boolean' } });
    if (!flags.from) throw new CliUsageError('usage: upside restore --from FILE --yes');
    if (!flags.yes) {
      throw new CliUsageError('restore replaces every row of the database; add --yes to confirm');
    }
    const target = targetOfCliEnv(loadCliEnv());
    try {
      const result = await restoreDatabase(target, resolve(flags.from), new Date());
      process.stdout.write(
        `Restored ${resolve(flags.from)} into the ${result.kind === 'postgres' ? 'PostgreSQL' : 'embedded (PGlite)'} database.\n` +
          (result.keptPrevious ? `The previous data directory is kept at ${result.keptPrevious}.\n` : ''),
      );
      return 0;
    } catch (error) {
      throw new CliUsageError(error instanceof Error ? error.message : String(error));
    }
  },
};
