import { CliUsageError } from '../command.ts';
import { parseDecimal } from './parse-decimal.ts';
import { parseShopDate } from './parse-shop-date.ts';
import { readCsvFile } from './read-csv-file.ts';

/** One order after rows sharing an order id were summed. */
export interface Order {
  orderId: string;
  /** null for a guest order. */
  customerId: string | null;
  /** Shop-local date 'YYYY-MM-DD'. */
  date: string;
  /** Total in major units (summed exactly in ten-thousandths). */
  total: number;
}

export interface OrdersFile {
  format: 'orders' | 'shopify';
  currency: string | null;
  orders: Order[];
}

const REQUIRED = ['order_id', 'customer_id', 'created_at', 'total'] as const;
const OPTIONAL = ['currency'] as const;
const SHOPIFY = { id: 'Name', customer: 'Email', date: 'Created at', total: 'Total', currency: 'Currency' };

/**
 * Reads an orders CSV: our format (`order_id,customer_id,created_at,total[,currency]`) or a Shopify
 * orders export (recognised by its `Name`, `Created at` and `Total` columns; the customer is the
 * `Email`, line-item rows without a Total and cancelled orders (`Cancelled at` set) are skipped). Rows sharing an order id are summed; an
 * empty customer id is a guest order. Every problem becomes one CliUsageError naming the row (the
 * line number in the file, header = 1) and the column. The file is streamed, record by record.
 */
export async function readOrders(path: string): Promise<OrdersFile> {
  const records = readCsvFile(path, 'orders');
  const first = await records.next();
  if (first.done)
    throw new CliUsageError(`${path} is empty: expected a header ${REQUIRED.join(',')}[,currency]`);
  const header = first.value.cells.map((name) => name.trim());
  const shopify =
    header.includes(SHOPIFY.id) && header.includes(SHOPIFY.date) && header.includes(SHOPIFY.total);
  let columns: { id: number; customer: number; date: number; total: number; currency: number };
  let names: { id: string; customer: string; date: string; total: string; currency: string };
  if (shopify) {
    names = SHOPIFY;
    columns = {
      id: header.indexOf(SHOPIFY.id),
      customer: header.indexOf(SHOPIFY.customer),
      date: header.indexOf(SHOPIFY.date),
      total: header.indexOf(SHOPIFY.total),
      currency: header.indexOf(SHOPIFY.currency),
    };
  } else {
    const lower = header.map((h) => h.toLowerCase());
    const unknown = lower.filter(
      (h) => !(REQUIRED as readonly string[]).includes(h) && !(OPTIONAL as readonly string[]).includes(h),
    );
    if (unknown.length > 0) {
      throw new CliUsageError(
        `${path}: row 1: unknown column '${unknown[0]}' (expected ${REQUIRED.join(',')}[,currency], or a Shopify orders export)`,
      );
    }
    const missing = REQUIRED.filter((name) => !lower.includes(name));
    if (missing.length > 0)
      throw new CliUsageError(
        `${path}: row 1: missing column '${missing[0]}' (expected ${REQUIRED.join(',')}[,currency])`,
      );
    names = {
      id: 'order_id',
      customer: 'customer_id',
      date: 'created_at',
      total: 'total',
      currency: 'currency',
    };
    columns = {
      id: lower.indexOf('order_id'),
      customer: lower.indexOf('customer_id'),
      date: lower.indexOf('created_at'),
      total: lower.indexOf('total'),
      currency: lower.indexOf('currency'),
    };
  }
  const cancelledColumn = shopify ? header.indexOf('Cancelled at') : -1;
  const byId = new Map<string, { customerId: string | null; date: string; units: number }>();
  const currencies = new Set<string>();
  const dateCache = new Map<string, string | null>(); // exports repeat timestamps: parse each once
  for await (const { line, cells } of records) {
    const cell = (index: number) => (index >= 0 ? (cells[index] ?? '').trim() : '');
    const where = (column: string) => `${path}: row ${line}, column '${column}'`;
    if (cells.length > header.length) {
      throw new CliUsageError(
        `${path}: row ${line}: ${cells.length} fields but the header has ${header.length}`,
      );
    }
    const totalText = cell(columns.total);
    if (shopify && totalText === '') continue; // a Shopify line-item row: the order's first row carries the total
    if (shopify && cell(cancelledColumn) !== '') continue; // a cancelled order is no revenue
    const orderId = cell(columns.id);
    if (orderId === '') throw new CliUsageError(`${where(names.id)}: empty order id`);
    const dateText = cell(columns.date);
    let date = dateCache.get(dateText);
    if (date === undefined) {
      date = parseShopDate(dateText);
      dateCache.set(dateText, date);
    }
    if (date === null) {
      throw new CliUsageError(
        `${where(names.date)}: '${cell(columns.date)}' is not an ISO date or date-time (YYYY-MM-DD[THH:MM:SS])`,
      );
    }
    const units = parseDecimal(totalText);
    if (units === null)
      throw new CliUsageError(`${where(names.total)}: '${totalText}' is not a number (like 12.34)`);
    const currency = cell(columns.currency).toUpperCase();
    if (currency !== '') currencies.add(currency);
    const customerRaw = cell(columns.customer);
    const customerId = customerRaw === '' ? null : shopify ? customerRaw.toLowerCase() : customerRaw;
    const existing = byId.get(orderId);
    if (existing) existing.units += units;
    else byId.set(orderId, { customerId, date, units });
  }
  if (currencies.size > 1) {
    throw new CliUsageError(
      `${path}: orders in several currencies (${[...currencies].sort().join(', ')}); analyse one shop currency at a time`,
    );
  }
  if (byId.size === 0) throw new CliUsageError(`${path}: no orders (the file has a header but no data rows)`);
  const orders = [...byId].map(([orderId, o]) => ({
    orderId,
    customerId: o.customerId,
    date: o.date,
    total: o.units / 10_000,
  }));
  return { format: shopify ? 'shopify' : 'orders', currency: [...currencies][0] ?? null, orders };
}
