import { EnvError } from '../../server/env.ts';
import { closeOnSignals, startServer } from '../../server/main.ts';
import type { CliCommand } from '../command.ts';

export const command: CliCommand = {
  summary: 'Start the Upside server (configuration from environment variables; see README)',
  async run() {
    try {
      const server = await startServer();
      closeOnSignals(server);
      server.app.log.info(`Upside is running at ${server.url}`);
      return 0;
    } catch (error) {
      if (error instanceof EnvError) {
        process.stderr.write(`${error.message}\n`);
        return 2;
      }
      throw error;
    }
  },
};
