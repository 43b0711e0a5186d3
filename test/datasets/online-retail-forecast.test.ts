import { expect, it } from 'vitest';
import { evaluateForecastProtocol } from '../../src/core/forecast/evaluate-forecast-protocol.ts';
import { ONLINE_RETAIL, readOnlineRetailDaily } from './online-retail.ts';
import { describeWithDataset } from './shared-datasets.ts';

describeWithDataset(ONLINE_RETAIL)('forecast protocol on Online Retail (analytics.md §3)', () => {
  it('beats both baselines on MASE with 80 % / 95 % coverage within 5 points of nominal', async () => {
    const series = await readOnlineRetailDaily();
    expect(series[0]!.date).toBe('2010-12-01');
    expect(series[series.length - 1]!.date).toBe('2011-12-08');
    const result = evaluateForecastProtocol(series, { firstOrigin: '2011-05-31', lastOrigin: '2011-11-08' });
    expect(result.origins).toBe(24);
    expect(result.model.mase).toBeLessThan(result.seasonalNaive.mase);
    expect(result.model.mase).toBeLessThan(result.weekdayMean.mase);
    expect(Math.abs(result.model.coverage80! - 80)).toBeLessThanOrEqual(5);
    expect(Math.abs(result.model.coverage95! - 95)).toBeLessThanOrEqual(5);
  });
});
