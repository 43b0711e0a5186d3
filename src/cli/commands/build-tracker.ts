import { fileURLToPath } from 'node:url';
import { TRACKER_GZIP_BUDGET, writeTracker } from '../../tracker/build.ts';
import { type CliCommand, parseFlags } from '../command.ts';

const defaultOut = fileURLToPath(new URL('../../../dist/tracker.js', import.meta.url));

/**
 * Bundles the embeddable tracker into dist/tracker.js (run by `npm run build` after `vite build`)
 * and fails when it exceeds its gzip budget, so a size regression cannot ship.
 */
export const command: CliCommand = {
  summary: 'Build the embeddable tracker into dist/tracker.js and check its size budget',
  async run(argv) {
    const flags = parseFlags(argv, { out: { type: 'string' } });
    const out = flags.out ?? defaultOut;
    const built = await writeTracker(out);
    process.stdout.write(`tracker: ${out} ${built.bytes} bytes, ${built.gzipBytes} bytes gzipped\n`);
    if (built.gzipBytes > TRACKER_GZIP_BUDGET) {
      process.stderr.write(`tracker exceeds its budget of ${TRACKER_GZIP_BUDGET} bytes gzipped\n`);
      return 1;
    }
    return 0;
  },
};
