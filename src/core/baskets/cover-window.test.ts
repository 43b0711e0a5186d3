import { describe, expect, it } from 'vitest';
import { addDays } from '../../shared/calendar.ts';
import { coverWindow } from './cover-window.ts';

/** Every day of a cover, expanded: years and months to their days. */
function expand({ years, months, days }: ReturnType<typeof coverWindow>): string[] {
  const all = [...days];
  for (const y of years) for (let d = y; d.slice(0, 4) === y.slice(0, 4); d = addDays(d, 1)) all.push(d);
  for (const m of months) for (let d = m; d.slice(0, 7) === m.slice(0, 7); d = addDays(d, 1)) all.push(d);
  return all.sort();
}

describe('coverWindow (decision 149)', () => {
  it('covers three years of days with whole years, whole months and the edge days, each day once', () => {
    const cover = coverWindow('2023-11-02', '2026-10-31');
    expect(cover.years).toEqual(['2024-01-01', '2025-01-01']);
    expect(cover.months).toEqual([
      '2023-12-01',
      ...Array.from({ length: 10 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}-01`),
    ]);
    expect(cover.days).toHaveLength(29);
    const days: string[] = [];
    for (let d = '2023-11-02'; d <= '2026-10-31'; d = addDays(d, 1)) days.push(d);
    expect(expand(cover)).toEqual(days);
  });

  it('keeps partial months as days, a single day as itself, and covers nothing backwards', () => {
    expect(coverWindow('2026-02-10', '2026-03-31')).toEqual({
      years: [],
      months: ['2026-03-01'],
      days: Array.from({ length: 19 }, (_, i) => `2026-02-${String(10 + i)}`),
    });
    expect(coverWindow('2024-02-29', '2024-02-29')).toEqual({ years: [], months: [], days: ['2024-02-29'] });
    expect(coverWindow('2026-05-02', '2026-05-01')).toEqual({ years: [], months: [], days: [] });
  });
});
