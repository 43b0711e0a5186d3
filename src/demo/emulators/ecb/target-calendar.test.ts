import { describe, expect, it } from 'vitest';
import { isTargetBusinessDay } from './target-calendar.ts';

describe('isTargetBusinessDay', () => {
  it('closes on the TARGET2 holidays of 2026 (Easter Sunday was 5 April) and at weekends', () => {
    for (const day of ['2026-01-01', '2026-04-03', '2026-04-06', '2026-05-01', '2026-12-25', '2026-04-04'])
      expect(isTargetBusinessDay(day), day).toBe(false);
  });
  it('opens on the weekdays around them', () => {
    for (const day of ['2026-01-02', '2026-04-02', '2026-04-07', '2026-04-30', '2026-12-24', '2026-12-28'])
      expect(isTargetBusinessDay(day), day).toBe(true);
  });
});
