import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/shared/calendar.ts';
import {
  type MmmAnswer,
  MmmAnswerSchema,
  type PlanAnswer,
  PlanAnswerSchema,
} from '../../src/shared/contracts/measurement.ts';
import { parseDecimalToMinor } from '../../src/shared/money.ts';
import type { DemoTestApp } from '../support/start-demo-app.ts';
import { startConnectedDemoApp } from '../support/start-demo-app.ts';

/**
 * GET /api/measurement/mmm and POST /api/measurement/plan over the real path (issue #41): the demo
 * store connected and synced through the emulators into PostgreSQL, the model fitted on the
 * warehouse's weekly net sales and Meta spend. The spend and the platform's attributed revenue it
 * reports are checked against the generated store; the model's estimates against their own
 * intervals; bad input against a 400 naming the field; a short range against "too thin to say".
 */

let app: DemoTestApp;
let owner: string;
let first: string;
let last: string;

const minor = (amount: string) => parseDecimalToMinor(amount, 2);

async function mmm(query: string): Promise<{ answer: MmmAnswer; ms: number }> {
  const started = performance.now();
  const response = await app.request(`/api/measurement/mmm?${query}`, { cookie: owner });
  expect(response.status, await response.clone().text()).toBe(200);
  return { answer: MmmAnswerSchema.parse(await response.json()), ms: performance.now() - started };
}

async function plan(body: unknown): Promise<Response> {
  return app.request('/api/measurement/plan', {
    method: 'POST',
    cookie: owner,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  ({ app, owner } = await startConnectedDemoApp());
  const days = app.demo.store.meta.daily.map((d) => d.day).sort();
  first = days[0]!;
  last = days.at(-1)!;
}, 300_000);

afterAll(async () => {
  await app?.close();
});

describe('bad input', () => {
  it.each([
    ['from=2025-02-30&to=2025-03-01', /from/],
    ['from=2025-03-01', /to/],
    ['from=2025-03-10&to=2025-03-01', /to: must be on or after from/],
    ['from=2020-01-01&to=2024-01-01', /to: .*at most 1096 days/],
    ['period=365', /period/],
  ])('GET refuses %s with a 400 naming the field', async (query, message) => {
    const response = await app.request(`/api/measurement/mmm?${query}`, { cookie: owner });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(message);
  });

  it.each([
    [{}, /budget/],
    [{ budget: '-5' }, /budget/],
    [{ budget: 'lots' }, /budget/],
    [{ budget: '100', bounds: { Meta: { min: 'x' } } }, /bounds\.Meta\.min/],
    [{ budget: '100', bounds: { Meta: { least: '1' } } }, /bounds\.Meta/],
    [{ budget: '100', from: '2026-01-01' }, /to/],
    [{ budget: '100', surplus: true }, /surplus/],
  ])('POST refuses %j with a 400 naming the field', async (body, message) => {
    const response = await plan(body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(message);
  });

  it('asks for a session', async () => {
    expect((await app.request(`/api/measurement/mmm?from=${first}&to=${last}`)).status).toBe(401);
  });
});

describe('too thin to say', () => {
  it('answers no figure for a range shorter than 20 weeks, and plans nothing on it', async () => {
    const from = addDays(last, -69);
    const { answer } = await mmm(`from=${from}&to=${last}`);
    expect(answer.thin?.reason).toMatch(/week/);
    expect(answer).toMatchObject({ channels: [], weeks: [], fit: null, from, to: addDays(from, 69) });
    const response = await plan({ budget: '1000', from, to: last });
    expect(response.status).toBe(200);
    const planned = PlanAnswerSchema.parse(await response.json());
    expect(planned.thin?.reason).toMatch(/week/);
    expect(planned).toMatchObject({ channels: [], moves: [], expectedContributionChange: null });
  });
});

describe('the model of the demo year', () => {
  let answer: MmmAnswer;

  beforeAll(async () => {
    const fitted = await mmm(`from=${first}&to=${last}`);
    answer = fitted.answer;
    const again = await mmm(`from=${first}&to=${last}`);
    console.log(
      `measurement: first fit ${fitted.ms.toFixed(0)} ms, kept answer ${again.ms.toFixed(0)} ms; ` +
        JSON.stringify({
          thin: answer.thin,
          fit: answer.fit,
          channels: answer.channels.map((c) => [
            c.name,
            c.roas,
            c.roasLow,
            c.roasHigh,
            c.contributionShare,
            c.attributedRoas,
          ]),
        }),
    );
    expect(again.answer).toEqual(answer);
  }, 120_000);

  it('fits whole weeks from the first day and reports the warehouse spend and attributed revenue of them', () => {
    expect(answer.from).toBe(first);
    expect(answer.to! <= last).toBe(true);
    expect(answer.to).toBe(addDays(first, answer.weeks.length * 7 - 1));
    const days = app.demo.store.meta.daily.filter((d) => d.day >= answer.from! && d.day <= answer.to!);
    const spend = days.reduce((sum, d) => sum + d.spendMinor, 0);
    const attributed = days.reduce((sum, d) => sum + d.reportedPurchaseValueMinor, 0);
    const meta = answer.channels.find((c) => c.name === 'Meta')!;
    expect(minor(meta.spend)).toBe(spend);
    expect(meta.attributedRoas).toBeCloseTo(attributed / spend, 3);
    // The top of the spend range the response curve is measured over (decision 248).
    const weekly = answer.weeks.map((w) =>
      days
        .filter((d) => d.day >= w.weekStart && d.day <= addDays(w.weekStart, 6))
        .reduce((s, d) => s + d.spendMinor, 0),
    );
    expect(minor(meta.largestWeeklySpend)).toBe(Math.max(...weekly));
  });

  it('gives every estimate inside its 90 % interval, a rising response curve and a weekly decomposition', () => {
    expect(answer.thin).toBeUndefined();
    expect(answer.fit!.coverage90).toBeGreaterThan(0);
    // Under 156 weeks the fit keeps Jin et al.'s Beta(3, 3) and the answer says so (decision 214).
    expect(answer.decayPrior).toMatchObject({ kind: 'fixed', mean: 0.5 });
    expect(answer.decayPrior!.summary).toMatch(/Beta\(3, 3\).*below 156 weeks/);
    // Both saturation families are fitted and weighed by their evidence, as `upside mmm` does
    // (decision 243); the answer names the more probable one, which the channels' curves follow.
    const saturation = answer.saturation!;
    expect(saturation.candidates.map((c) => c.family)).toEqual(['hill', 'logistic']);
    const [hill, logistic] = saturation.candidates.map((c) => c.probability);
    expect(hill! + logistic!).toBeCloseTo(1, 3);
    expect(saturation.family).toBe(hill! >= logistic! ? 'hill' : 'logistic');
    expect(saturation.summary).toMatch(
      /chosen by the data: Hill curve .* \d+ %, logistic curve .* \d+ % probable/,
    );
    for (const c of answer.channels) {
      expect(c.saturation.type).toBe(saturation.family);
      expect(c.roasLow <= c.roas && c.roas <= c.roasHigh).toBe(true);
      expect(c.marginalRoasLow <= c.marginalRoas && c.marginalRoas <= c.marginalRoasHigh).toBe(true);
      expect(minor(c.contributionLow) <= minor(c.contribution)).toBe(true);
      expect(minor(c.contribution) <= minor(c.contributionHigh)).toBe(true);
      const responses = c.curve.map((p) => minor(p.response));
      expect(responses[0]).toBe(0);
      expect(responses).toEqual([...responses].sort((a, b) => a - b));
    }
    const shares = answer.channels.reduce((sum, c) => sum + c.contributionShare, 0);
    expect(shares).toBeCloseTo(1, 3);
    for (const week of answer.weeks) expect(week.channels).toHaveLength(answer.channels.length);
  });

  it('plans a weekly budget: the allocation and what is left add up to it, the change has an interval', async () => {
    const meta = answer.channels.find((c) => c.name === 'Meta')!;
    const budget = meta.currentWeeklySpend;
    const response = await plan({ budget, from: first, to: last, bounds: { Meta: { min: '0' } } });
    expect(response.status, await response.clone().text()).toBe(200);
    const planned: PlanAnswer = PlanAnswerSchema.parse(await response.json());
    expect(planned.thin).toBeUndefined();
    expect(planned.margin! > 0 && planned.margin! <= 1).toBe(true);
    const allocated = planned.channels.reduce((sum, c) => sum + minor(c.planned), 0);
    expect(Math.abs(allocated + minor(planned.unspent) - minor(budget))).toBeLessThanOrEqual(1);
    const change = planned.expectedContributionChange!;
    expect(minor(change.low) <= minor(change.mean) && minor(change.mean) <= minor(change.high)).toBe(true);
    for (const move of planned.moves) expect(minor(move.amount)).toBeGreaterThan(0);
    for (const c of planned.channels)
      expect(c.beyondData, c.name).toBe(minor(c.planned) > minor(c.largestWeeklySpend));
    expect(planned.dataSupport!.within).toBe(planned.channels.every((c) => !c.beyondData));
  });

  it('plans beyond the spend the data cover when the owner’s bounds ask for it, and says so (decision 248)', async () => {
    const meta = answer.channels.find((c) => c.name === 'Meta')!;
    const floor = ((2 * minor(meta.largestWeeklySpend)) / 100).toFixed(2);
    const response = await plan({ budget: floor, from: first, to: last, bounds: { Meta: { min: floor } } });
    expect(response.status, await response.clone().text()).toBe(200);
    const planned = PlanAnswerSchema.parse(await response.json());
    const planMeta = planned.channels.find((c) => c.name === 'Meta')!;
    expect(planMeta).toMatchObject({
      planned: floor,
      largestWeeklySpend: meta.largestWeeklySpend,
      beyondData: true,
    });
    expect(planned.dataSupport).toMatchObject({ within: false, beyond: ['Meta'] });
    expect(planned.dataSupport!.summary).toMatch(
      /^Beyond the data: Meta at \$[\d,]+ a week is above the most it spent in any fitted week \(\$[\d,]+\); the response curve there is extrapolated, not measured\.$/,
    );
  });

  it.each([
    [{ budget: '100', bounds: { TikTok: { max: '5' } } }, /bounds\.TikTok: no such channel/],
    [
      { budget: '100', bounds: { Meta: { min: '50', max: '10' } } },
      /bounds\.Meta\.max: must be at least min/,
    ],
    [{ budget: '100', bounds: { Meta: { min: '500' } } }, /budget: below the channels' minimums/],
  ])('refuses bounds the model cannot take: %j', async (body, message) => {
    const response = await plan({ ...body, from: first, to: last });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(message);
  });
});
