import { resolve } from 'node:path';
import { dailyProfitLines } from '../../core/profit/daily-profit-lines.ts';
import { sumProfitLines } from '../../core/profit/sum-profit-lines.ts';
import { PROFIT_LINE_NAMES } from '../../core/profit/types.ts';
import { minorToDecimal } from '../../shared/money.ts';
import { formatTable } from '../analytics-io/format-table.ts';
import { parseShopDate } from '../analytics-io/parse-shop-date.ts';
import { toJson } from '../analytics-io/write-json.ts';
import { type CliCommand, CliUsageError, parseFlags } from '../command.ts';
import { readProfitStore } from '../profit-io/read-profit-store.ts';

const HELP = `usage: upside profit --store DIR [--from YYYY-MM-DD --to YYYY-MM-DD] [--json]

The P&L of decision 010 (gross sales, discounts, returns, net sales, COGS, gross profit, shipping,
payment fees, marketing, contribution margin, expenses, net profit) over shop days [from, to]
(default: the store's whole window), from an \`upside demo generate\` folder: orders.jsonl,
refunds.jsonl (restocks), transactions.jsonl (fees), costs.csv (sku,variant_id,cost,effective_from),
variant-weights.csv, profit-rules.json (shipping profiles, fee rules, expenses), meta-daily.jsonl
(spend), shop.json. A line without a cost in costs.csv counts at cost 0.
--json prints { currency, totals: { …the twelve lines… } } with every amount an exact
decimal string in the shop currency (e.g. "1234.50"). Bad input exits 2 naming file, row and column.`;

/** `upside profit --store DIR [--from --to] [--json]`: the P&L of a demo export via src/core/profit. */
export const command: CliCommand = {
  summary: 'Profit and loss (decision 010) of a demo store export (profit --store DIR)',
  async run(argv) {
    const flags = parseFlags(argv, {
      store: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean' },
    });
    if (flags.help) {
      process.stdout.write(`${HELP}\n`);
      return 0;
    }
    if (!flags.store) throw new CliUsageError('--store DIR is required (see upside profit --help)');
    for (const name of ['from', 'to'] as const) {
      const value = flags[name];
      if (value !== undefined && parseShopDate(value) !== value)
        throw new CliUsageError(`--${name} must be a date YYYY-MM-DD, got '${value}'`);
    }
    const store = readProfitStore(resolve(flags.store));
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
