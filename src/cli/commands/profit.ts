import { resolve } from 'node:path';
import { dailyProfitLines } from '../../core/profit/daily-profit-lines.ts';
import { sumProfitLines } from '../../core/profit/sum-profit-lines.ts';
import { PROFIT_LINE_NAMES } from '../../core/profit/types.ts';
import { minorToDecimal } from '../../shared/money.ts';
import { formatTable } from '../analytics-io/format-table.ts';
import { parseShopDate } from '../analytics-io/parse-shop-date.ts';
import { toJson } from '../analytics-io/write-json.ts';
import { type CliCommand, CliUsageError, parseFlags } from '../command.ts';
import { readProfitRules } from '../profit-io/read-profit-inputs.ts';
import { readProfitStore } from '../profit-io/read-profit-store.ts';
import { readShopifyProfitExport } from '../profit-io/read-shopify-profit-export.ts';

const HELP = `usage: upside profit --store DIR [--from YYYY-MM-DD --to YYYY-MM-DD] [--json]
       upside profit --orders EXPORT.csv --costs COSTS.csv [--rules RULES.json] [--from … --to …] [--json]

The P&L of decision 010 (gross sales, discounts, returns, net sales, COGS, gross profit, shipping
charges, shipping cost, payment fees, marketing, contribution margin, expenses, net profit) over
shop days [from, to]
(default: the store's whole window), from an \`upside demo generate\` folder: orders.jsonl,
refunds.jsonl (restocks), transactions.jsonl (fees), costs.csv (sku,variant_id,cost,effective_from),
variant-weights.csv, profit-rules.json (shipping profiles, fee rules, expenses), meta-daily.jsonl,
google_ads_daily.jsonl and tiktok_ads_daily.jsonl (spend; another currency than the shop's at
exchange-rates.jsonl's rate of the spend day), shop.json. A line without a cost in costs.csv counts at cost 0.
Or from a Shopify orders export (Admin → Orders → Export, CSV) with a costs CSV (sku,cost,
effective_from) and optionally a rules file shaped as profit-rules.json (fee rules by Payment
Method, expenses). An export has no refund dates, restocks, shipping costs or ad spend: returns
are its Refunded Amount on the order day, the shipping cost is the shipping charged, marketing 0.
Sales follow Shopify's definitions: gross sales are products before discounts and returns, without
shipping and taxes; shipping charged less shipping refunded is "shipping charges".
--json prints { currency, totals: { …the thirteen lines… } } with every amount an exact
decimal string in the shop currency (e.g. "1234.50"). Bad input exits 2 naming file, row and column.`;

/**
 * `upside profit --store DIR | --orders EXPORT.csv --costs COSTS.csv [--rules F] [--from --to] [--json]`:
 * the P&L of a demo export, or of a Shopify orders export with a costs CSV, via src/core/profit.
 */
export const command: CliCommand = {
  summary: 'Profit and loss (decision 010) of a demo store export or a Shopify orders export plus costs',
  async run(argv) {
    const flags = parseFlags(argv, {
      store: { type: 'string' },
      orders: { type: 'string' },
      costs: { type: 'string' },
      rules: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean' },
    });
    if (flags.help) {
      process.stdout.write(`${HELP}\n`);
      return 0;
    }
    if (flags.store && (flags.orders || flags.costs || flags.rules))
      throw new CliUsageError(
        '--store DIR and --orders/--costs/--rules are two ways in: give one (see upside profit --help)',
      );
    if (!flags.store && !(flags.orders && flags.costs))
      throw new CliUsageError(
        '--store DIR, or --orders EXPORT.csv with --costs COSTS.csv, is required (see upside profit --help)',
      );
    for (const name of ['from', 'to'] as const) {
      const value = flags[name];
      if (value !== undefined && parseShopDate(value) !== value)
        throw new CliUsageError(`--${name} must be a date YYYY-MM-DD, got '${value}'`);
    }
    const store = flags.store
      ? readProfitStore(resolve(flags.store))
      : readShopifyProfitExport(
          resolve(flags.orders!),
          resolve(flags.costs!),
          flags.rules ? readProfitRules(resolve(flags.rules)) : null,
        );
    const from = flags.from ?? store.startDate;
    const to = flags.to ?? store.endDate;
    if (from > to) throw new CliUsageError(`--from ${from} is after --to ${to}`);
    const totals = sumProfitLines(dailyProfitLines(store.input, from, to));
    const decimal = Object.fromEntries(
      PROFIT_LINE_NAMES.map((name) => [name, minorToDecimal(totals[name], store.digits)]),
    );
    if (flags.json) {
      process.stdout.write(`${toJson({ currency: store.currency, totals: decimal })}\n`);
    } else {
      const title = `Profit and loss ${from}..${to} in ${store.currency} (decision 010)`;
      process.stdout.write(formatTable(title, ['line', 'amount'], Object.entries(decimal)));
    }
    return 0;
  },
};
