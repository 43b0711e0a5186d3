import { describe, expect, it } from 'vitest';
import { matchFunnel } from './match-funnel.ts';
import { matchesFunnelStep } from './matches-funnel-step.ts';
import { summarizeFunnel } from './summarize-funnel.ts';
import type { FunnelEvent, FunnelStep } from './types.ts';

const ev = (
  at: number,
  name: string,
  pageUrl: string | null = null,
  selector: string | null = null,
): FunnelEvent => ({
  at,
  name,
  pageUrl,
  selector,
});
const step = (kind: FunnelStep['kind'], value: string): FunnelStep => ({ kind, value });

describe('matchesFunnelStep', () => {
  it.each([
    [step('event', 'checkout_started'), ev(0, 'checkout_started'), true],
    [step('event', 'checkout_started'), ev(0, 'checkout_completed'), false],
    [step('url', '/products/*'), ev(0, 'page_view', 'https://s.example/products/mug?utm_source=x'), true],
    [step('url', '/products/*'), ev(0, 'page_view', 'https://s.example/collections/all'), false],
    [step('url', 'https://s.example/cart'), ev(0, 'page_view', 'https://s.example/cart#top'), true],
    [step('url', 'https://s.example/cart'), ev(0, 'page_view', 'https://other.example/cart'), false],
    [step('url', '/a.b'), ev(0, 'page_view', 'https://s.example/aXb'), false],
    [step('element', 'button.add'), ev(0, 'click', null, 'form>button.add'), true],
    [step('element', 'button.add'), ev(0, 'click', null, 'form>button.add-more'), false],
    [step('element', 'button.add'), ev(0, 'page_view', null, 'button.add'), false],
  ])('%o on %o → %s', (s, e, expected) => {
    expect(matchesFunnelStep(s, e)).toBe(expected);
  });
});

describe('matchFunnel', () => {
  const steps = [step('event', 'a'), step('event', 'b'), step('event', 'c')];
  it('passes steps in order only', () => {
    expect(matchFunnel(steps, [ev(1, 'b'), ev(2, 'a'), ev(3, 'c'), ev(4, 'b')], 100)).toEqual([2, 4]);
  });
  it('sorts events by time first (out-of-order arrival)', () => {
    expect(matchFunnel(steps, [ev(30, 'c'), ev(10, 'a'), ev(20, 'b')], 100)).toEqual([10, 20, 30]);
  });
  it('keeps only steps within the window of the first step', () => {
    expect(matchFunnel(steps, [ev(0, 'a'), ev(50, 'b'), ev(150, 'c')], 100)).toEqual([0, 50]);
  });
  it('tries every start of step 1: a later start can reach further', () => {
    expect(matchFunnel(steps, [ev(0, 'a'), ev(200, 'a'), ev(250, 'b'), ev(260, 'c')], 100)).toEqual([
      200, 250, 260,
    ]);
  });
  it('passes simultaneous events in step order, whatever order they arrived in', () => {
    expect(matchFunnel(steps, [ev(5, 'c'), ev(5, 'b'), ev(5, 'a')], 100)).toEqual([5, 5, 5]);
    expect(matchFunnel(steps, [ev(5, 'b'), ev(5, 'a'), ev(9, 'c')], 100)).toEqual([5, 5, 9]);
  });
  it('returns nothing for a session that never passed step 1, or for no steps', () => {
    expect(matchFunnel(steps, [ev(0, 'b'), ev(1, 'c')], 100)).toEqual([]);
    expect(matchFunnel([], [ev(0, 'a')], 100)).toEqual([]);
  });
});

describe('summarizeFunnel', () => {
  it('counts sessions, conversion, median gap, drop-off, revenue, its share and contribution per step', () => {
    const sessions = [
      { passedAt: [0, 10_000, 40_000], revenue: 5_000, contribution: 1_800 },
      { passedAt: [0, 20_000], revenue: 2_000, contribution: -300 },
      { passedAt: [0, 30_000, 50_000], revenue: 3_000, contribution: 900 },
      { passedAt: [0], revenue: 0, contribution: 0 },
    ];
    expect(summarizeFunnel(3, sessions, 20_000)).toEqual([
      {
        sessions: 4,
        conversionRate: 1,
        medianSeconds: 0,
        dropOff: 0,
        revenue: 10_000,
        revenueShare: 0.5,
        contribution: 2_400,
      },
      {
        sessions: 3,
        conversionRate: 0.75,
        medianSeconds: 20,
        dropOff: 1,
        revenue: 10_000,
        revenueShare: 0.5,
        contribution: 2_400,
      },
      {
        sessions: 2,
        conversionRate: 0.5,
        medianSeconds: 25,
        dropOff: 1,
        revenue: 8_000,
        revenueShare: 0.4,
        contribution: 2_700,
      },
    ]);
  });
  it('gives null medians and zero rates when nobody entered', () => {
    expect(summarizeFunnel(2, [], 0)).toEqual([
      {
        sessions: 0,
        conversionRate: 0,
        medianSeconds: null,
        dropOff: 0,
        revenue: 0,
        revenueShare: 0,
        contribution: 0,
      },
      {
        sessions: 0,
        conversionRate: 0,
        medianSeconds: null,
        dropOff: 0,
        revenue: 0,
        revenueShare: 0,
        contribution: 0,
      },
    ]);
  });
});
