import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { openDatabase } from '../../src/server/db/client.ts';
import { migrateDatabase } from '../../src/server/db/migrate.ts';
import { currentTestRun, templateOnce } from './test-run.ts';

/**
 * Puts a PGlite database migrated to the newest schema where `upside` finds its embedded database
 * in `dataDir` (`<DATA_DIR>/pglite`, src/server/main.ts), for tests of real processes on the
 * embedded database that test something else than migrating (decision 182).
 *
 * Under vitest the migrated data directory is built once per run, by the first file that asks (a
 * PGlite folder on disk migrated in the run's folder, then closed), and each call copies the
 * folder: a file copy of a closed PGlite database instead of ~50 s of migrations (12 s of CPU)
 * in every spawned process that would otherwise open an empty one. Outside vitest it migrates
 * the database in place.
 */
export async function placeMigratedDataDir(dataDir: string): Promise<void> {
  const target = join(dataDir, 'pglite');
  const run = currentTestRun();
  if (!run) return migrateDataDir(target);
  const template = await templateOnce(run, 'pglite-data-dir-migrated', async () => {
    const path = join(run.dir, 'pglite-data-dir-migrated', 'pglite');
    await migrateDataDir(path);
    return { path };
  });
  await cp(template.path, target, { recursive: true });
}

async function migrateDataDir(path: string): Promise<void> {
  const database = await openDatabase({ kind: 'pglite', dataDir: path });
  try {
    await migrateDatabase(database);
  } finally {
    await database.close();
  }
}
