/**
 * One money dialect on the wire (issue #37 item 2, decision 146): every amount a contract carries is
 * `MoneySchema` — an exact decimal string in major units beside the response's `currency` — never a
 * number (minor units in one endpoint, floats of major units in another). The rule for which fields
 * hold money is `test/support/money-fields.ts`.
 *
 * The fields still numeric when the rule was introduced are listed in `numeric-money-known.json`;
 * the list may only shrink: a new numeric money field fails, and so does a listed field that has
 * been converted but is still listed (remove it, so it cannot come back unnoticed).
 *
 * After converting fields, drop them from the list with
 *   UPDATE_NUMERIC_MONEY_KNOWN=1 npx vitest run test/contracts/money-on-the-wire.test.ts
 * which rewrites the list as the listed fields still found: it only removes entries, so a new
 * numeric money field still fails the run.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { numericMoneyFields } from '../support/money-fields.ts';

const CONTRACTS = new URL('../../src/shared/contracts/', import.meta.url);

/**
 * Contracts that describe a vendor's payload as the vendor sends it (Shopify's REST webhooks, its Web
 * Pixel events: numbers per `@shopify/web-pixels-extension`): we validate their dialect, we do not
 * choose it. They are read into minor units at the boundary.
 */
const VENDOR_SHAPES = new Set(['webhooks.ts', 'pixel-events.ts']);

/**
 * Ratios the name rule reads as money (decision 158): Product Profit's `contributionMargin` is
 * contribution ÷ net sales (a fraction, beside `grossMargin`), while everywhere else in the contracts
 * `contributionMargin` is an amount (`/api/profit`). Listed by exact path, and each must still be
 * found by the rule and still be a number, so the list cannot go stale.
 */
const RATIOS_NAMED_LIKE_MONEY = new Set([
  'products.ts: ProductProfitRowSchema.contributionMargin',
  'products.ts: ProductProfitSchema.products[].contributionMargin',
  'products.ts: ProductProfitSchema.totals.contributionMargin',
]);

async function numericFieldsUnderMoneyNames(): Promise<string[]> {
  const found: string[] = [];
  const files = readdirSync(CONTRACTS).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
  for (const file of files.sort()) {
    if (VENDOR_SHAPES.has(file)) continue;
    const module = (await import(new URL(file, CONTRACTS).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module))
      if (value instanceof z.ZodType)
        found.push(...numericMoneyFields(file, name, value).map((field) => `${field.file}: ${field.path}`));
  }
  return [...new Set(found)].sort();
}

async function numericMoneyOnTheWire(): Promise<string[]> {
  return (await numericFieldsUnderMoneyNames()).filter((field) => !RATIOS_NAMED_LIKE_MONEY.has(field));
}

const KNOWN = new URL('./numeric-money-known.json', import.meta.url);
const known: string[] = JSON.parse(readFileSync(KNOWN, 'utf8')) as string[];

/** The list's regeneration (see above): what is listed and still numeric, never anything new. */
async function shrinkKnownList(): Promise<void> {
  const found = new Set(await numericMoneyOnTheWire());
  const kept = known.filter((field) => found.has(field));
  writeFileSync(KNOWN, `${JSON.stringify(kept, null, 2)}\n`);
  known.splice(0, known.length, ...kept);
}

describe('money on the wire', () => {
  it('finds the numbers the rule is meant to catch and passes MoneySchema', () => {
    const planted = z.object({
      revenueMinor: z.number().int(),
      spend: z.number(),
      revenue: z.object({ current: z.number(), previous: z.number().nullable() }),
      revenueDays: z.array(z.object({ actual: z.number() })),
      roas: z.number(),
      orders: z.number().int(),
      revenueShare: z.number(),
      ltvToCac: z.number(),
      total: z.number().int(),
      price: z.string().regex(/^-?\d+(\.\d+)?$/),
      // Decision 171: the words that used to hide money, and evidence facts in a currency.
      cpc: z.number().nullable(),
      estimatedLoss: z.number(),
      spendInAccountCurrency: z.number(),
      platformConversionValue: z.number(),
      discount: z.number(),
      discountCount: z.number().int(),
      formatVersion: z.number().int(),
      facts: z.array(
        z.object({
          label: z.string(),
          value: z.union([z.number(), z.string()]),
          unit: z.enum(['currency', 'count']),
        }),
      ),
      counts: z.array(z.object({ label: z.string(), value: z.number(), unit: z.enum(['count', 'percent']) })),
    });
    expect(numericMoneyFields('planted.ts', 'Planted', planted).map((field) => field.path)).toEqual([
      'Planted.revenueMinor',
      'Planted.spend',
      'Planted.revenue.current',
      'Planted.revenue.previous',
      'Planted.revenueDays[].actual',
      'Planted.cpc',
      'Planted.estimatedLoss',
      'Planted.spendInAccountCurrency',
      'Planted.platformConversionValue',
      'Planted.discount',
      'Planted.facts[].value',
    ]);
  });

  it('no contract adds a numeric money field', async () => {
    if (process.env.UPDATE_NUMERIC_MONEY_KNOWN === '1') await shrinkKnownList();
    const found = await numericMoneyOnTheWire();
    expect(found.filter((field) => !known.includes(field))).toEqual([]);
  });

  it('the ratios named like money are still ratios the rule finds (decision 158)', async () => {
    const found = new Set(await numericFieldsUnderMoneyNames());
    expect([...RATIOS_NAMED_LIKE_MONEY].filter((field) => !found.has(field))).toEqual([]);
  });

  it('the list of numeric money fields left to convert only shrinks', async () => {
    const found = new Set(await numericMoneyOnTheWire());
    expect(known.filter((field) => !found.has(field))).toEqual([]);
  });
});
