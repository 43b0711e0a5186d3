import { describe, expect, it } from 'vitest';
import { type FunnelStepSession, summarizeFunnelStep } from './summarize-funnel-step.ts';

const session = (
  id: string,
  steps: number,
  exitPage: string,
  startedAt: number,
  site = 'ut_a',
): FunnelStepSession => ({
  sessionId: id,
  trackingId: site,
  startedAt,
  device: 'mobile',
  exitPage,
  passedAt: Array.from({ length: steps }, (_, i) => startedAt + i * 1000),
  revenue: steps === 3 ? 5000 : 0,
});

describe('summarizeFunnelStep', () => {
  const sessions = [
    session('s1', 1, '/cart', 10),
    session('s2', 2, '/checkout/shipping', 20),
    session('s3', 2, '/checkout/shipping', 30),
    session('s4', 2, '/checkout/payment', 40),
    session('s5', 3, '/thank-you', 50),
    session('s6', 2, '/checkout/shipping', 60, 'ut_b'),
  ];

  it('counts the sessions that passed a step and those that went no further, by exit page', () => {
    const step2 = summarizeFunnelStep(1, sessions);
    expect(step2.sessions).toBe(5);
    expect(step2.leftHere).toBe(4);
    expect(step2.exitPages).toEqual([
      { trackingId: 'ut_a', pageUrl: '/checkout/shipping', sessions: 2 },
      { trackingId: 'ut_a', pageUrl: '/checkout/payment', sessions: 1 },
      { trackingId: 'ut_b', pageUrl: '/checkout/shipping', sessions: 1 },
    ]);
    // Those that left here first, newest first; then the rest.
    expect(step2.latest.map((s) => s.sessionId)).toEqual(['s6', 's4', 's3', 's2', 's5']);
    expect(step2.latest.at(-1)).toMatchObject({ furthestStep: 3, revenue: 5000, startedAt: 50 });
  });

  it('at the last step every session that got there left there; a limit keeps the newest', () => {
    const last = summarizeFunnelStep(2, sessions, 1);
    expect(last).toMatchObject({
      sessions: 1,
      leftHere: 1,
      exitPages: [{ pageUrl: '/thank-you', sessions: 1 }],
    });
    expect(summarizeFunnelStep(0, sessions, 2).latest.map((s) => s.sessionId)).toEqual(['s1', 's6']);
  });

  it('answers zeros for a step nobody reached', () => {
    expect(summarizeFunnelStep(5, sessions)).toEqual({ sessions: 0, leftHere: 0, exitPages: [], latest: [] });
  });
});
