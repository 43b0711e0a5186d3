import { LEDGER_FIRST_DAY } from '@shared/contracts/costs.ts';
import { describe, expect, it } from 'vitest';
import { inForceText } from './in-force-text.ts';

const period = (effectiveFrom: string, inForce: { from: string; to: string | null }[]) => ({
  id: '00000000-0000-4000-8000-000000000001',
  cost: '12.50',
  effectiveFrom,
  source: 'import' as const,
  createdAt: '2026-11-01T00:00:00.000Z',
  createdBy: 'Olivia',
  inForce,
});

describe('the days a cost period is in force', () => {
  it('names the days once when the period starts on its effective date', () => {
    expect(inForceText(period('2025-11-29', [{ from: '2025-11-29', to: null }]))).toBe('2025-11-29 → now');
  });

  it("reads Shopify's since-always cost as the days before the next period", () => {
    expect(inForceText(period(LEDGER_FIRST_DAY, [{ from: LEDGER_FIRST_DAY, to: '2025-11-29' }]))).toBe(
      'before 2025-11-29',
    );
    expect(inForceText(period(LEDGER_FIRST_DAY, [{ from: LEDGER_FIRST_DAY, to: null }]))).toBe('always');
  });

  it('names the effective date where a later entry took over its first days', () => {
    expect(
      inForceText(
        period('2026-01-01', [
          { from: '2026-02-01', to: '2026-03-01' },
          { from: '2026-04-01', to: null },
        ]),
      ),
    ).toBe('effective 2026-01-01, in force 2026-02-01 → 2026-03-01, 2026-04-01 → now');
  });

  it('says so when a period is overridden on every day', () => {
    expect(inForceText(period('2026-01-01', []))).toBe('effective 2026-01-01, never in force (overridden)');
  });
});
