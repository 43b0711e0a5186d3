import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type CliCommand, parseFlags } from '../command.ts';

const benchDir = fileURLToPath(new URL('../../../bench/', import.meta.url));

/**
 * Runs every `bench/*.bench.ts` in its own process, one after the other, so that each measures on
 * an otherwise idle machine. Each script prints its own figures; `--only NAME` picks scripts whose
 * file name contains NAME.
 */
export const command: CliCommand = {
  summary: 'Run the benchmarks in bench/ and print their figures',
  async run(argv) {
    const flags = parseFlags(argv, { only: { type: 'string' } });
    const scripts = readdirSync(benchDir)
      .filter((file) => file.endsWith('.bench.ts'))
      .filter((file) => !flags.only || file.includes(flags.only))
      .sort();
    let failed = 0;
    for (const script of scripts) {
      process.stdout.write(`\n== ${script}\n`);
      const result = spawnSync(process.execPath, ['--import', 'tsx', `${benchDir}${script}`], {
        stdio: 'inherit',
        env: { ...process.env, TZ: 'UTC' },
      });
      if (result.status !== 0) failed += 1;
    }
    process.stdout.write(`\n${scripts.length - failed} benchmark scripts ran, ${failed} failed\n`);
    return failed === 0 ? 0 : 1;
  },
};
