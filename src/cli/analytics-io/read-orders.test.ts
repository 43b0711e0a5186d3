import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CliUsageError } from '../command.ts';
import { parseDecimal } from './parse-decimal.ts';
import { parseShopDate } from './parse-shop-date.ts';
import { readOrders } from './read-orders.ts';
import { readPaths } from './read-paths.ts';

const dir = mkdtempSync(join(tmpdir(), 'upside-io-'));
const write = (name: string, content: string | Buffer) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

describe('readOrders', () => {
  it('sums rows sharing an order id exactly and keeps guests', async () => {
    const path = write(
      'orders.csv',
      'order_id,customer_id,created_at,total,currency\n1,a,2024-01-01T23:59:00,0.10,EUR\n1,a,2024-01-01T23:59:00,0.20,EUR\n2,,2024-01-02 08:00:00,5,EUR\n',
    );
    expect(await readOrders(path)).toEqual({
      format: 'orders',
      currency: 'EUR',
      orders: [
        { orderId: '1', customerId: 'a', date: '2024-01-01', total: 0.3 },
        { orderId: '2', customerId: null, date: '2024-01-02', total: 5 },
      ],
    });
  });

  it('reads a Shopify orders export (first row of each order carries the total) and gzip', async () => {
    const csv = [
      'Name,Email,Financial Status,Paid at,Currency,Subtotal,Total,Created at,Lineitem name,Cancelled at',
      '#1001,Ann@Example.com,paid,2024-03-01 10:00:00 +0100,EUR,20.00,25.50,2024-03-01 10:00:00 +0100,Mug,',
      '#1001,Ann@Example.com,,,,,,2024-03-01 10:00:00 +0100,Plate,',
      '#1002,,paid,,EUR,9.00,9.00,2024-03-02 11:00:00 +0100,Mug,',
      '#1003,bob@example.com,voided,,EUR,7.00,7.00,2024-03-02 12:00:00 +0100,Mug,2024-03-02 13:00:00 +0100',
    ].join('\n');
    const result = await readOrders(write('shopify.csv.gz', gzipSync(csv)));
    expect(result.format).toBe('shopify');
    expect(result.orders).toEqual([
      { orderId: '#1001', customerId: 'ann@example.com', date: '2024-03-01', total: 25.5 },
      { orderId: '#1002', customerId: null, date: '2024-03-02', total: 9 },
    ]);
  });

  it.each([
    ['missing.csv', null, /not found/],
    [
      'mixed.csv',
      'order_id,customer_id,created_at,total,currency\n1,a,2024-01-01,1,EUR\n2,a,2024-01-01,1,USD\n',
      /several currencies/,
    ],
    ['header-only.csv', 'order_id,customer_id,created_at,total\n', /no orders/],
    [
      'quote.csv',
      'order_id,customer_id,created_at,total\n1,"a,2024-01-01,1\n',
      /row 2: a quoted field is never closed/,
    ],
  ])('rejects %s', async (name, content, message) => {
    const path = content === null ? join(dir, name) : write(name, content);
    await expect(readOrders(path)).rejects.toThrow(CliUsageError);
    await expect(readOrders(path)).rejects.toThrow(message);
  });
});

describe('readPaths', () => {
  it('splits channels on > and reads numbers', async () => {
    const path = write('paths.csv', 'path,conversions,value,nulls\ngoogle > email>direct,2,30.5,1\n');
    expect(await readPaths(path)).toEqual([
      { path: ['google', 'email', 'direct'], conversions: 2, value: 30.5, nulls: 1 },
    ]);
  });
});

describe('parseDecimal and parseShopDate', () => {
  it.each([
    ['12.34', 123_400],
    ['-3.5', -35_000],
    ['0', 0],
    ['1,5', null],
    ['1.23456', null],
    ['', null],
  ])('parseDecimal(%j)', (text, expected) => expect(parseDecimal(text)).toBe(expected));
  it.each([
    ['2024-01-15', '2024-01-15'],
    ['2024-01-15T23:30:00+05:00', '2024-01-15'],
    ['2024-01-15 10:23:45 -0500', '2024-01-15'],
    ['2024-01-15T10:23:45.123Z', '2024-01-15'],
    ['2024-02-30', null],
    ['15/01/2024', null],
  ])('parseShopDate(%j)', (text, expected) => expect(parseShopDate(text)).toBe(expected));
});
