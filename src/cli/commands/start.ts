import type { SlackWebhookEmulator } from '../../demo/emulators/slack/slack-webhook-emulator.ts';
import type { DemoEmulators } from '../../demo/start-demo-emulators.ts';
import { DataDirInUseError } from '../../server/db/data-dir-lock.ts';
import type { Env } from '../../server/env.ts';
import { closeOnSignals, type RunningServer, startServer } from '../../server/main.ts';
import { addDays, localDayOf } from '../../shared/calendar.ts';
import { markBuildInUse } from '../build-in-use.ts';
import { type CliCommand, loadCommandEnv, parseFlags } from '../command.ts';

/**
 * The demo store ends yesterday in its shop's time zone, so its charts look current, its last day
 * is complete, and that day is the one the alert rules judge (its planted anomaly shows at once).
 */
function demoEndDate(now: Date, shopTz: string): string {
  return addDays(localDayOf(now, shopTz), -1);
}

/**
 * The demo store and its emulators, loaded only in demo mode: the generator, the six emulators and
 * graphql are ~150 modules a start without the demo never runs (decision 205).
 */
async function startDemo(env: Env): Promise<{ demo: DemoEmulators; slack: SlackWebhookEmulator }> {
  const [{ startDemoEmulators }, { startSlackWebhookEmulator }, { SHOP_TZ }] = await Promise.all([
    import('../../demo/start-demo-emulators.ts'),
    import('../../demo/emulators/slack/slack-webhook-emulator.ts'),
    import('../../demo/generator/context.ts'),
  ]);
  const endDate = demoEndDate(new Date(), SHOP_TZ);
  // The demo's last day has half its usual orders, so an alert shows end to end (issue #14).
  const demo = await startDemoEmulators({
    preset: env.demoPreset,
    customers: env.demoCustomers,
    seed: 42,
    days: env.demoDays,
    endDate,
    scenario: { orderDropDay: endDate },
    // A second shop selling in euros, for the All-stores views (Settings → Members → Stores).
    secondStore: { currency: 'EUR' },
  });
  return { demo, slack: await startSlackWebhookEmulator() };
}

/** What the owner can do about a start that failed before listening; null for anything else. */
function startFailure(error: unknown, env: Env): string | null {
  if (error instanceof DataDirInUseError) return error.message;
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
    return `Port ${env.port} on ${env.host} is already in use (is Upside already running?). Stop that process, or set PORT to another port.`;
  return null;
}

export const command: CliCommand = {
  summary:
    'Start the Upside server (configuration from environment variables; see README); --no-worker serves the web tier without running jobs',
  async run(argv) {
    const flags = parseFlags(argv, { 'no-worker': { type: 'boolean' } });
    const env = loadCommandEnv();
    if (flags['no-worker'] && env.demo) {
      process.stderr.write(
        "upside start --no-worker leaves jobs to 'upside worker', which cannot reach demo mode's in-process emulators: set DEMO=0 (and DATABASE_URL), or start without --no-worker.\n",
      );
      return 2;
    }
    const releaseBuild = markBuildInUse();
    let demo: DemoEmulators | undefined;
    let slack: SlackWebhookEmulator | undefined;
    if (env.demo) ({ demo, slack } = await startDemo(env));
    let server: RunningServer;
    try {
      server = await startServer({
        env,
        demo: demo && { ...demo, slack },
        ...(flags['no-worker'] ? { backgroundJobs: false } : {}),
      });
    } catch (error) {
      const reason = startFailure(error, env);
      if (!reason) throw error;
      process.stderr.write(`${reason}\n`);
      await demo?.close();
      await slack?.close();
      releaseBuild();
      return 1;
    }
    closeOnSignals({
      log: server.deps.log,
      async close() {
        await server.close();
        await demo?.close();
        await slack?.close();
        releaseBuild();
      },
    });
    server.app.log.info(
      demo
        ? `Upside is running at ${server.url} (demo mode: connect the demo store from your profile page)`
        : `Upside is running at ${server.url}`,
    );
    return 0;
  },
};
