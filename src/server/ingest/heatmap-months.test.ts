import { describe, expect, it } from 'vitest';
import { planHeatmapRead } from './heatmap-months.ts';

describe('planHeatmapRead', () => {
  it('reads daily cells only while nothing is folded', () => {
    expect(planHeatmapRead({ from: '2027-01-05', to: '2027-03-09' }, null)).toEqual({
      months: null,
      days: [{ from: '2027-01-05', to: '2027-03-09' }],
    });
  });

  it('takes every folded month of an open range from month cells and later days from daily cells', () => {
    expect(planHeatmapRead({}, '2027-03-09')).toEqual({
      months: { from: undefined, to: '2027-03-01' },
      days: [{ from: '2027-03-10', to: undefined }],
    });
  });

  it('reads the partial months at both ends of a range day by day', () => {
    expect(planHeatmapRead({ from: '2027-01-31', to: '2027-04-29' }, '2027-05-20')).toEqual({
      months: { from: '2027-02-01', to: '2027-03-01' },
      days: [
        { from: '2027-01-31', to: '2027-01-31' },
        { from: '2027-04-01', to: '2027-04-29' },
      ],
    });
  });

  it('uses month cells for whole months, including February of a leap year', () => {
    expect(planHeatmapRead({ from: '2028-02-01', to: '2028-02-29' }, '2028-03-02')).toEqual({
      months: { from: '2028-02-01', to: '2028-02-01' },
      days: [],
    });
  });

  it('stops the months at the fold mark and reads the unfolded rest of the range daily', () => {
    expect(planHeatmapRead({ from: '2027-01-01', to: '2027-06-30' }, '2027-03-09')).toEqual({
      months: { from: '2027-01-01', to: '2027-03-01' },
      days: [{ from: '2027-03-10', to: '2027-06-30' }],
    });
  });

  it('falls back to daily cells when no whole folded month lies in the range', () => {
    expect(planHeatmapRead({ from: '2027-03-05', to: '2027-03-25' }, '2027-06-01')).toEqual({
      months: null,
      days: [{ from: '2027-03-05', to: '2027-03-25' }],
    });
    expect(planHeatmapRead({ from: '2027-04-01' }, '2027-03-31')).toEqual({
      months: null,
      days: [{ from: '2027-04-01', to: undefined }],
    });
  });
});
