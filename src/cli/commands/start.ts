import {
  type SlackWebhookEmulator,
  startSlackWebhookEmulator,
} from '../../demo/emulators/slack/slack-webhook-emulator.ts';
import { SHOP_TZ } from '../../demo/generator/context.ts';
import type { DemoEmulators } from '../../demo/start-demo-emulators.ts';
import { startDemoEmulators } from '../../demo/start-demo-emulators.ts';
import { EnvError, loadEnv } from '../../server/env.ts';
import { closeOnSignals, startServer } from '../../server/main.ts';
import { addDays, localDayOf } from '../../shared/calendar.ts';
import type { CliCommand } from '../command.ts';

/**
 * The demo store ends yesterday in its shop's time zone, so its charts look current, its last day
 * is complete, and that day is the one the alert rules judge (its planted anomaly shows at once).
 */
function demoEndDate(now: Date): string {
  return addDays(localDayOf(now, SHOP_TZ), -1);
}

export const command: CliCommand = {
  summary: 'Start the Upside server (configuration from environment variables; see README)',
  async run() {
    let env: ReturnType<typeof loadEnv>;
    try {
      env = loadEnv();
    } catch (error) {
      if (error instanceof EnvError) {
        process.stderr.write(`${error.message}\n`);
        return 2;
      }
      throw error;
    }
    let demo: DemoEmulators | undefined;
    let slack: SlackWebhookEmulator | undefined;
    if (env.demo) {
      const endDate = demoEndDate(new Date());
      // The demo's last day has half its usual orders, so an alert shows end to end (issue #14).
      demo = await startDemoEmulators({
        preset: 'small',
        seed: 42,
        endDate,
        scenario: { orderDropDay: endDate },
        // A second shop selling in euros, for the All-stores views (Settings → Members → Stores).
        secondStore: { currency: 'EUR' },
      });
      slack = await startSlackWebhookEmulator();
    }
    const server = await startServer({ env, demo: demo && { ...demo, slack } });
    closeOnSignals({
      ...server,
      async close() {
        await server.close();
        await demo?.close();
        await slack?.close();
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
