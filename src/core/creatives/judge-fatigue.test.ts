import { describe, expect, it } from 'vitest';
import { addDays } from '../../shared/calendar.ts';
import { type AdDay, judgeFatigue } from './judge-fatigue.ts';

/** A steady ad from 2026-09-01: 2,000 impressions at frequency 1.6, CTR 1.5 %, 6 % of clicks buy. */
function history(days: number, from: (i: number) => Partial<AdDay> = () => ({})): AdDay[] {
  return Array.from({ length: days }, (_, i) => ({
    date: addDays('2026-09-01', i),
    impressions: 2_000,
    reach: 1_250,
    clicks: 30,
    purchases: i % 2 === 0 ? 2 : 1,
    ...from(i),
  }));
}

/** From day `onset`: frequency × 1.6, CTR × 0.55, purchases per click × 0.5. */
const tiring = (onset: number) => (i: number) =>
  i < onset ? {} : { reach: 781, clicks: 17, purchases: i % 4 === 0 ? 1 : 0 };

describe('judgeFatigue', () => {
  it('cannot judge an ad whose platform reports no reach (Google Ads), however tired it looks', () => {
    const verdict = judgeFatigue(
      history(40, (i) => ({ ...tiring(30)(i), reach: null })),
      '2026-10-10',
    );
    expect(verdict.state).toBe('insufficient_data');
    expect(verdict.reason).toMatch(/no reach/);
  });

  it('calls a steady ad healthy', () => {
    expect(judgeFatigue(history(40), '2026-10-10')).toEqual({ state: 'healthy' });
  });

  it('flags a tiring ad on the day its 3-day window crosses, and says why', () => {
    const verdict = judgeFatigue(history(40, tiring(30)), '2026-10-10');
    expect(verdict.state).toBe('wearing_out');
    // Day 30 is 2026-10-01: one tired day of three does not cross; the second does.
    expect(verdict.since).toBe('2026-10-02');
    expect(verdict.reason).toMatch(/frequency 2\.56 \(was 1\.60/);
    expect(verdict.reason).toMatch(/CTR 0\.85 % \(was 1\.50 %\)/);
  });

  it('does not flag a rise in frequency while CTR holds', () => {
    expect(
      judgeFatigue(
        history(40, (i) => (i < 30 ? {} : { reach: 781 })),
        '2026-10-10',
      ).state,
    ).toBe('healthy');
  });

  it('ends the episode when the last 7 days recover', () => {
    const verdict = judgeFatigue(
      history(50, (i) => (i >= 30 && i < 36 ? tiring(30)(i) : {})),
      '2026-10-20',
    );
    expect(verdict.state).toBe('healthy');
  });

  it('ignores days after asOf', () => {
    expect(judgeFatigue(history(40, tiring(35)), '2026-10-04').state).toBe('healthy');
  });

  it('says when data is too thin', () => {
    expect(judgeFatigue(history(10), '2026-09-10').state).toBe('insufficient_data');
    const small = judgeFatigue(
      history(30, () => ({ impressions: 100, clicks: 2 })),
      '2026-09-30',
    );
    expect(small).toMatchObject({ state: 'insufficient_data' });
    expect(small.reason).toMatch(/needs 5000 and 100/);
    const stopped = judgeFatigue(history(20), '2026-10-10');
    expect(stopped).toEqual({ state: 'insufficient_data', reason: 'No delivery since 2026-09-20.' });
  });

  it('judges frequency and CTR alone when purchases are too few, and says so', () => {
    const verdict = judgeFatigue(
      history(40, (i) => ({ purchases: 0, ...(i < 30 ? {} : { reach: 781, clicks: 17 }) })),
      '2026-10-10',
    );
    expect(verdict.state).toBe('wearing_out');
    expect(verdict.reason).toMatch(/conversion rate not judged/);
  });
});
