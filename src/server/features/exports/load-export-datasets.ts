import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { ExportDataset } from './export-dataset.ts';

const datasetsDir = new URL('./datasets/', import.meta.url);
/** '.ts' from the sources, '.js' compiled (dist/, decision 018). */
const EXT = import.meta.url.endsWith('.ts') ? '.ts' : '.js';

/**
 * Every export in ./datasets/, by name (the file name): `orders.ts` is `/api/export/orders.csv`.
 * Read once at start-up, so adding a dataset is adding its file (decision 020).
 */
export async function loadExportDatasets(): Promise<Map<string, ExportDataset<unknown>>> {
  const files = (await readdir(fileURLToPath(datasetsDir)))
    .filter((file) => file.endsWith(EXT) && !file.endsWith(`.test${EXT}`))
    .sort();
  const datasets = new Map<string, ExportDataset<unknown>>();
  for (const file of files) {
    const module = (await import(new URL(file, datasetsDir).href)) as { dataset?: ExportDataset<unknown> };
    if (!module.dataset) throw new Error(`exports/datasets/${file} exports no \`dataset\``);
    datasets.set(file.slice(0, -EXT.length), module.dataset);
  }
  return datasets;
}
