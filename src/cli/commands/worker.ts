import { closeOnSignals, startWorker, WorkerNeedsPostgresError } from '../../server/main.ts';
import { markBuildInUse } from '../build-in-use.ts';
import { type CliCommand, loadCommandEnv, parseFlags } from '../command.ts';

/**
 * `upside worker`: the job queue and the sync scheduler without the web server (issue #43), so
 * workers and web tiers (`upside start --no-worker`) scale apart on one PostgreSQL. Configured by
 * the same environment as `upside start` (DATABASE_URL, ENCRYPTION_KEY, SESSION_SECRET,
 * PUBLIC_URL, SMTP_*); see docs/several-instances.md.
 */
export const command: CliCommand = {
  summary: 'Run the job worker and the sync scheduler without the web server (needs DATABASE_URL)',
  async run(argv) {
    parseFlags(argv, {});
    const env = loadCommandEnv();
    if (env.demo) {
      process.stderr.write(
        "upside worker cannot reach demo mode's emulators, which live in the 'upside start' process: set DEMO=0, or run 'upside start' alone.\n",
      );
      return 2;
    }
    const releaseBuild = markBuildInUse();
    try {
      const worker = await startWorker({ env });
      closeOnSignals({
        log: worker.deps.log,
        async close() {
          await worker.close();
          releaseBuild();
        },
      });
      worker.deps.log.info('Upside worker is running (jobs and the sync scheduler, no web server)');
      return 0;
    } catch (error) {
      releaseBuild();
      if (error instanceof WorkerNeedsPostgresError) {
        process.stderr.write(`${error.message}\n`);
        return 2;
      }
      throw error;
    }
  },
};
