import { describe, expect, it } from 'vitest';
import { lineTotal, statusTone } from './order-format.ts';

describe('order lookup formats', () => {
  it('maps statuses to the spec badge colours', () => {
    expect(statusTone('paid')).toBe('green');
    expect(statusTone('pending')).toBe('yellow');
    expect(statusTone('refunded')).toBe('red');
    expect(statusTone('fulfilled')).toBe('blue');
    expect(statusTone('partial')).toBe('orange');
    expect(statusTone('partially_refunded')).toBe('grey');
    expect(statusTone(null)).toBe('grey');
  });
  it('computes line totals exactly', () => {
    expect(lineTotal('19.95', 3)).toBe('59.85');
    expect(lineTotal('0.10', 3)).toBe('0.30');
  });
});
