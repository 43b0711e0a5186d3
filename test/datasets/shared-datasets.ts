import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The public reference datasets live in `../shared/datasets` beside the project root (see
 * shared/datasets/README.md). A fresh clone without that folder skips these tests with a notice.
 */
export const datasetsDir = fileURLToPath(new URL('../../../shared/datasets/', import.meta.url));

export function hasDataset(relativePath: string): boolean {
  const present = existsSync(`${datasetsDir}${relativePath}`);
  if (!present) {
    process.stderr.write(
      `skipping: ${datasetsDir}${relativePath} is absent (public reference data not checked out)\n`,
    );
  }
  return present;
}
