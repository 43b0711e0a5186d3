import { fileURLToPath } from 'node:url';
import { TRACKER_GZIP_BUDGET, writeTracker } from '../../tracker/build.ts';
import { type CliCommand, parseFlags } from '../command.ts';

const defaultOut = fileURLToPath(new URL('../../../dist/tracker.js', import.meta.url));

/**
 * Bundles the embeddable tracker into dist/tracker.js and the Shopify pixel's template into dist/pixel.js (run by `npm run build` after `vite build`)
 * and fails when either exceeds its gzip budget, so a size regression cannot ship.
 */
export const command: CliCommand = {
  summary:
    'Build the embeddable tracker (dist/tracker.js) and the Shopify pixel (dist/pixel.js), check their size budget',
  async run(argv) {
    const flags = parseFlags(argv, { out: { type: 'string' } });
    const out = flags.out ?? defaultOut;
    const built = await writeTracker(out);
    let status = 0;
    for (const [name, script] of Object.entries(built)) {
      process.stdout.write(`${name}: ${script.bytes} bytes, ${script.gzipBytes} bytes gzipped\n`);
      if (script.gzipBytes > TRACKER_GZIP_BUDGET) {
        process.stderr.write(`${name} exceeds its budget of ${TRACKER_GZIP_BUDGET} bytes gzipped\n`);
        status = 1;
      }
    }
    return status;
  },
};
