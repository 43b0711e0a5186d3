import { resolve } from 'node:path';
import { z } from 'zod';
import { writeStore } from '../../demo/export-store.ts';
import { generateStore } from '../../demo/generate-store.ts';
import { type CliCommand, CliUsageError, parseFlags } from '../command.ts';

const GenerateSchema = z.object({
  preset: z.enum(['small', 'medium', 'large', 'custom', 'causal']).default('small'),
  seed: z.coerce.number().int().min(0).max(4_294_967_295).default(42),
  out: z.string().min(1, 'is required'),
  endDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD')
    .optional(),
  customers: z.coerce.number().int().min(50).max(1_000_000).optional(),
  days: z.coerce.number().int().min(60).max(3_000).optional(),
});

const USAGE =
  'usage: upside demo generate --out DIR [--preset small|medium|large|custom|causal] [--seed N] [--end-date YYYY-MM-DD] [--customers N] [--days N]';

/**
 * `upside demo generate`: writes a seeded demo store (JSONL per entity + ground-truth.json) to a
 * folder. The same flags always give the same bytes.
 */
export const command: CliCommand = {
  summary: 'Generate the seeded demo store with its ground truth into a folder (demo generate --out DIR)',
  async run(argv) {
    const [sub, ...rest] = argv;
    if (sub !== 'generate') throw new CliUsageError(USAGE);
    const raw = parseFlags(rest, {
      preset: { type: 'string' },
      seed: { type: 'string' },
      out: { type: 'string' },
      'end-date': { type: 'string' },
      customers: { type: 'string' },
      days: { type: 'string' },
    });
    const parsed = GenerateSchema.safeParse({
      preset: raw.preset,
      seed: raw.seed,
      out: raw.out ?? '',
      endDate: raw['end-date'],
      customers: raw.customers,
      days: raw.days,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new CliUsageError(
        `--${String(issue.path[0] ?? '').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: ${issue.message}`,
      );
    }
    const flags = parsed.data;
    const started = performance.now();
    let store: ReturnType<typeof generateStore>;
    try {
      store = generateStore({
        preset: flags.preset,
        seed: flags.seed,
        endDate: flags.endDate,
        customers: flags.customers,
        days: flags.days,
      });
    } catch (error) {
      throw new CliUsageError(error instanceof Error ? error.message : String(error));
    }
    const generatedMs = performance.now() - started;
    const out = resolve(flags.out);
    const counts = await writeStore(store, out);
    const totalMs = performance.now() - started;
    const truth = store.groundTruth;
    process.stdout.write(
      [
        `demo store ${flags.preset} (seed ${flags.seed}, ${store.config.startDate}..${store.config.endDate}) written to ${out}`,
        `  ${store.customers.length} customers, ${store.orders.count} orders (${truth.testOrders} test, ${truth.cancelledOrders} cancelled), ${store.products.length} products`,
        `  ${Object.entries(counts)
          .map(([file, n]) => `${file}: ${n}`)
          .join(', ')}`,
        `  generated in ${(generatedMs / 1000).toFixed(1)} s, written in ${((totalMs - generatedMs) / 1000).toFixed(1)} s`,
        `  ground truth: ${resolve(out, 'ground-truth.json')}`,
        '',
      ].join('\n'),
    );
    return 0;
  },
};
