import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describeWhen } from '../support/prerequisites.ts';

/**
 * The public reference datasets live in `../shared/datasets` beside the project root (see
 * shared/datasets/README.md). A fresh clone without that folder skips these tests with a notice;
 * under CI=true it fails them.
 */
export const datasetsDir = fileURLToPath(new URL('../../../shared/datasets/', import.meta.url));

export function hasDataset(relativePath: string): boolean {
  return existsSync(`${datasetsDir}${relativePath}`);
}

/** `describe` for a suite that reads `relativePath` from the shared datasets. */
export function describeWithDataset(relativePath: string) {
  return describeWhen(
    hasDataset(relativePath),
    `${datasetsDir}${relativePath} is absent (public reference data not checked out)`,
  );
}
