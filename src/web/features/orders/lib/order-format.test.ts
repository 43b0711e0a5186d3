import { describe, expect, it } from 'vitest';
import { formatOrderDate, lineTotal, negated, statusTone } from './order-format.ts';

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

describe('order dates and amounts', () => {
  it("shows dates in the shop's time zone, not the browser's", () => {
    // 02:30 UTC on Oct 2 is still the evening of Oct 1 in New York.
    expect(formatOrderDate('2026-10-02T02:30:00Z', 'America/New_York')).toBe('October 1, 2026 at 10:30 PM');
    expect(formatOrderDate('2026-10-02T02:30:00Z', 'Asia/Tokyo')).toBe('October 2, 2026 at 11:30 AM');
    expect(formatOrderDate('2026-10-02T02:30:00Z', 'Not/AZone')).toBe('October 2, 2026 at 2:30 AM');
  });

  it('shows amounts taken off with a minus', () => {
    expect(negated('12.50')).toBe('-12.50');
    expect(negated('0.00')).toBe('0.00');
    expect(negated('-3.00')).toBe('-3.00');
  });
});
