import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/server/db/client.ts';
import { migrateDatabase } from '../../src/server/db/migrate.ts';
import { currentTestRun, type TestRun, templateOnce } from './test-run.ts';

export interface TestDatabase {
  database: Database;
  /** Connection URL of the fresh PostgreSQL database, when on PostgreSQL (for spawned servers). */
  url: string | undefined;
  drop(): Promise<void>;
}

/**
 * A database a test file's own database is copied from (decision 092): a PostgreSQL database of
 * this run (`CREATE DATABASE … TEMPLATE name`) or the data directory of a closed PGlite database,
 * copied file by file (decision 196).
 */
type PgliteTemplate = { kind: 'pglite'; dataDir: string };
type DatabaseTemplate = { kind: 'postgres'; name: string } | PgliteTemplate;

/** PostgreSQL's admin URL when this file runs on PostgreSQL; undefined on PGlite. */
function adminUrlOf(): string | undefined {
  return process.env.TEST_DATABASE === 'pglite' ? undefined : process.env.DATABASE_URL;
}

type Engine = 'postgres' | 'pglite';

/** The engine's name in template keys: the `main` and `pglite` projects keep separate templates. */
function testEngine(): Engine {
  return adminUrlOf() ? 'postgres' : 'pglite';
}

/**
 * A fresh database for one test file: a new PostgreSQL database on the server named by
 * DATABASE_URL when it is set (CI), otherwise a PGlite instance. The `pglite` test project sets
 * TEST_DATABASE=pglite to run its subset on PGlite even in CI. Empty unless `template` is given,
 * in which case it starts as a copy of that template. A PGlite copy is a copy of the template's
 * data directory (an empty one: the run's initialised database) in the run's folder, opened as
 * `upside start` opens its embedded database, and removed by `drop`; outside vitest an empty PGlite
 * database lives in memory.
 */
export async function createTestDatabase(
  options: { template?: DatabaseTemplate } = {},
): Promise<TestDatabase> {
  const adminUrl = adminUrlOf();
  if (!adminUrl) {
    // An empty database is a copy of the run's initialised one (decision 253); outside vitest, in memory.
    const run = currentTestRun();
    let template = options.template?.kind === 'pglite' ? options.template : undefined;
    if (!template && run) template = await emptyPgliteTemplate(run);
    if (!template) {
      const database = await openDatabase({ kind: 'pglite', dataDir: null });
      return { database, url: undefined, drop: () => database.close() };
    }
    const folder = await mkdtemp(`${template.dataDir}-copy-`);
    const dataDir = join(folder, 'pglite');
    await cp(template.dataDir, dataDir, { recursive: true });
    const database = await openDatabase({ kind: 'pglite', dataDir });
    return {
      database,
      url: undefined,
      async drop() {
        await database.close();
        await rm(folder, { recursive: true, force: true });
      },
    };
  }
  const name = `upside_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const { template } = options;
  await createPostgresDatabase(adminUrl, name, template?.kind === 'postgres' ? template.name : undefined);
  const url = databaseUrl(adminUrl, name);
  const database = await openDatabase({ kind: 'postgres', url, maxConnections: 5 });
  return {
    database,
    url,
    async drop() {
      await database.close();
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * A fresh database already migrated to the newest schema: a copy of the run's migrated template,
 * built once per run by the first file that asks (outside vitest, an empty database migrated here).
 */
export async function createMigratedTestDatabase(): Promise<TestDatabase> {
  const run = currentTestRun();
  if (!run) {
    const testDatabase = await createTestDatabase();
    await migrateDatabase(testDatabase.database);
    return testDatabase;
  }
  return createTestDatabase({ template: await migratedTemplate(run) });
}

/**
 * The run's migrated template: an empty database migrated to the newest schema, built once per
 * engine. `engine` defaults to this file's; the process tests ask for the PGlite one whatever their
 * project (`placeMigratedDataDir`), so a run that has both projects initialises and migrates one
 * PGlite data directory, not two (decision 253).
 */
export async function migratedTemplate(
  run: TestRun,
  engine: Engine = testEngine(),
): Promise<DatabaseTemplate> {
  return buildTemplateOnce(
    run,
    'migrated',
    engine === 'pglite' ? await emptyPgliteTemplate(run) : undefined,
    async (database) => {
      await migrateDatabase(database);
    },
    engine,
  );
}

/**
 * The run's empty PGlite database: a data directory PGlite initialised (its `initdb`, ~8 s of CPU
 * in WebAssembly, decision 253), closed. PGlite runs `initdb` for every empty database it opens, in
 * memory as on disk, so an empty test database and the migrated template start as copies of this.
 */
async function emptyPgliteTemplate(run: TestRun): Promise<PgliteTemplate> {
  const template = await buildTemplateOnce(run, 'empty', undefined, async () => undefined, 'pglite');
  if (template.kind !== 'pglite') throw new Error('The empty PGlite template is not a data directory');
  return template;
}

/**
 * The run's template `key` for `engine` (this file's unless given), built once: a database (copied from `from`, else
 * empty) that `fill` prepares, then closed and kept (a PostgreSQL database, or a PGlite data
 * directory in the run's folder).
 * `fill` must close every connection it opened to the database before it returns; its result is
 * recorded beside the template and handed to every file that clones it.
 */
export async function buildTemplateOnce<T>(
  run: TestRun,
  key: string,
  from: DatabaseTemplate | undefined,
  fill: (database: Database, testDatabase: TestDatabase) => Promise<T>,
  engine: Engine = testEngine(),
): Promise<DatabaseTemplate & { data: T }> {
  const engineKey = `${engine}-${key}`;
  return templateOnce(run, engineKey, async () => {
    const adminUrl = engine === 'postgres' ? adminUrlOf() : undefined;
    let template: DatabaseTemplate;
    let database: Database;
    let url: string | undefined;
    if (adminUrl) {
      const name = `${run.databasePrefix}${engineKey.replaceAll('-', '_')}`;
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await createPostgresDatabase(adminUrl, name, from?.kind === 'postgres' ? from.name : undefined);
      url = databaseUrl(adminUrl, name);
      database = await openDatabase({ kind: 'postgres', url, maxConnections: 5 });
      template = { kind: 'postgres', name };
    } else {
      const dataDir = join(run.dir, engineKey, 'pglite');
      // What a failed build left (the next file tries again), as PostgreSQL's DROP above.
      await rm(join(run.dir, engineKey), { recursive: true, force: true });
      if (from?.kind === 'pglite') await cp(from.dataDir, dataDir, { recursive: true });
      database = await openDatabase({ kind: 'pglite', dataDir });
      template = { kind: 'pglite', dataDir };
    }
    // A test app's close drops its database: a template's only closes it (once), and is kept.
    let closing: Promise<void> | undefined;
    const close = () => {
      closing ??= database.close();
      return closing;
    };
    try {
      const data = await fill(database, { database, url, drop: close });
      return { ...template, data };
    } finally {
      await close();
    }
  });
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
}

/**
 * CREATE DATABASE, as a copy of `template` when given. PostgreSQL refuses to copy a database that
 * has sessions open; the template's builder closed its pool, and the server waits up to 5 s for
 * closing backends to go, so a refusal is retried a few times before it fails the test.
 *
 * A copy is made file by file (`STRATEGY FILE_COPY`), not through the write-ahead log (PostgreSQL
 * 15's default, `WAL_LOG`): a connected-demo template is ~105 MB, and logging every page of it cost
 * the server 1.3–2.1 s of CPU a copy against 0.4–0.9 s (decision 195). A test database needs no
 * durability across a crash of the server: its commits do not wait for the log to reach the disk
 * (`synchronous_commit = off`, ~1.6 ms an fdatasync on this machine's disk), which changes nothing
 * a test can see short of a PostgreSQL crash.
 */
async function createPostgresDatabase(adminUrl: string, name: string, template: string | undefined) {
  const statement = template
    ? `CREATE DATABASE ${name} TEMPLATE ${template} STRATEGY FILE_COPY`
    : `CREATE DATABASE ${name}`;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await adminQuery(adminUrl, statement);
      break;
    } catch (error) {
      const busy = error instanceof Error && /is being accessed by other users/.test(error.message);
      if (!busy || attempt >= 5) throw error;
    }
  }
  await adminQuery(adminUrl, `ALTER DATABASE ${name} SET synchronous_commit TO off`);
}

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
