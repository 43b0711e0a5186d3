import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { openDatabase } from '../../src/server/db/client.ts';
import { migrateDatabase } from '../../src/server/db/migrate.ts';
import { migratedTemplate } from './test-database.ts';
import { currentTestRun } from './test-run.ts';

/**
 * Puts a PGlite database migrated to the newest schema where `upside` finds its embedded database
 * in `dataDir` (`<DATA_DIR>/pglite`, src/server/main.ts), for tests of real processes on the
 * embedded database that test something else than migrating (decision 182).
 *
 * Under vitest each call copies the run's PGlite migrated template (a folder on disk migrated in
 * the run's folder, then closed; built once per run by the first file that asks, in either project):
 * a file copy of a closed PGlite database instead of ~50 s of migrations (12 s of CPU) in every
 * spawned process that would otherwise open an empty one. Outside vitest it migrates the database
 * in place.
 */
export async function placeMigratedDataDir(dataDir: string): Promise<void> {
  const target = join(dataDir, 'pglite');
  const run = currentTestRun();
  if (!run) return migrateDataDir(target);
  // The `pglite` project's migrated template, the same closed data directory (decision 253).
  const template = await migratedTemplate(run, 'pglite');
  if (template.kind !== 'pglite') throw new Error('The PGlite migrated template is not a data directory');
  await cp(template.dataDir, target, { recursive: true });
}

async function migrateDataDir(path: string): Promise<void> {
  const database = await openDatabase({ kind: 'pglite', dataDir: path });
  try {
    await migrateDatabase(database);
  } finally {
    await database.close();
  }
}
