import { describe, expect, it } from 'vitest';
import {
  attributionActionLabel,
  formatConfidence,
  formatTimeAgo,
  priorityLabel,
  segmentDescription,
  sortOpportunities,
  typeLabel,
} from './format-opportunity.ts';

describe('spec §4/§9 labels', () => {
  it('labels priorities, attribution actions and segments exactly', () => {
    expect([
      priorityLabel('high'),
      priorityLabel('medium'),
      priorityLabel('low'),
      priorityLabel(null),
    ]).toEqual(['High Priority', 'Medium Priority', 'Quick Win', 'Standard']);
    expect(['Scale up', 'Attribution gap', 'Optimize', 'other'].map(attributionActionLabel)).toEqual([
      'Increase Budget',
      'Fix Attribution',
      'Optimize',
      'Optimize',
    ]);
    expect(segmentDescription('Champions')).toBe('High value, frequent buyers');
    expect(segmentDescription('At Risk')).toBe('Declining engagement');
    expect(segmentDescription('Lost')).toBe('High value, low frequency');
    expect(typeLabel('restock_before_stockout')).toBe('restock before stockout');
  });

  it('formats confidence as a rounded percent, 0 when absent', () => {
    expect(formatConfidence(0.876)).toBe('88%');
    expect(formatConfidence(undefined)).toBe('0%');
  });

  it('says how long ago the last analysis ran', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(formatTimeAgo(null, now)).toBe('Not analysed yet');
    expect(formatTimeAgo('2026-11-22T11:59:30Z', now)).toBe('Last updated just now');
    expect(formatTimeAgo('2026-11-22T11:58:00Z', now)).toBe('Last updated 2 minutes ago');
    expect(formatTimeAgo('2026-11-22T09:00:00Z', now)).toBe('Last updated 3 hours ago');
  });
});

describe('sortOpportunities', () => {
  const list = [
    {
      id: 'a',
      revenueImpactMax: '500.00',
      confidenceScore: 0.9,
      effortLevel: 'High',
      profitImpactMax: '200.00',
      losesMoney: false,
    },
    {
      id: 'b',
      revenueImpactMax: '1200.00',
      confidenceScore: 0.4,
      effortLevel: 'Medium',
      profitImpactMax: '-80.00',
      losesMoney: true,
    },
    {
      id: 'c',
      revenueImpactMax: '100.00',
      confidenceScore: 0.6,
      effortLevel: 'Low',
      profitImpactMax: null,
      losesMoney: false,
    },
    {
      id: 'd',
      revenueImpactMax: '300.00',
      confidenceScore: 0.6,
      effortLevel: 'Low',
      profitImpactMax: '250.00',
      losesMoney: false,
    },
  ];
  const ids = (key: 'impact' | 'profit' | 'confidence' | 'effort') =>
    sortOpportunities(list, key).map((o) => o.id);

  // Wire amounts (decision 170): '1200.00' ranks above '500.00' by value, not as text.
  it('sorts by impact, confidence and effort, ties by impact', () => {
    expect(ids('impact')).toEqual(['b', 'a', 'd', 'c']);
    expect(ids('confidence')).toEqual(['a', 'd', 'c', 'b']);
    expect(ids('effort')).toEqual(['d', 'c', 'b', 'a']);
  });

  it('sorts by profit impact: unknown profit after known, a money-losing action last whatever its revenue', () => {
    expect(ids('profit')).toEqual(['d', 'a', 'c', 'b']);
  });

  it('does not reorder the input', () => {
    sortOpportunities(list, 'effort');
    expect(list.map((o) => o.id)).toEqual(['a', 'b', 'c', 'd']);
  });
});
