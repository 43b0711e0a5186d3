import type { DemoEmulators } from '../../demo/start-demo-emulators.ts';
import { startDemoEmulators } from '../../demo/start-demo-emulators.ts';
import { EnvError, loadEnv } from '../../server/env.ts';
import { closeOnSignals, startServer } from '../../server/main.ts';
import type { CliCommand } from '../command.ts';

/** The demo store ends yesterday (UTC), so its charts look current and its last day is complete. */
function demoEndDate(now: Date): string {
  return new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
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
    if (env.demo) {
      demo = await startDemoEmulators({ preset: 'small', seed: 42, endDate: demoEndDate(new Date()) });
    }
    const server = await startServer({ env, demo });
    closeOnSignals({
      ...server,
      async close() {
        await server.close();
        await demo?.close();
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
