import { expect, it } from 'vitest';
import { addDays } from '../../src/shared/calendar.ts';
import { type MmmAnswer, MmmAnswerSchema, PlanAnswerSchema } from '../../src/shared/contracts/measurement.ts';
import { describeInBrowser, saveScreenshot, visit } from '../support/browser.ts';
import { signInAsDemoOwner, useConnectedDemoInBrowser } from '../support/demo-store-in-browser.ts';

const POLL = { timeout: 60_000 };

/**
 * The Measurement page in Chromium on the connected demo store (issue #41): reached from the
 * Performance menu; a short range says "too thin to say" with no figure; the demo year shows the
 * attributed and incremental ROAS side by side as the API answers them (each with its interval),
 * the contribution chart, one response curve per channel, and the planner's answer.
 */
describeInBrowser('the Measurement page on the demo store', () => {
  // A copy of the run's connected demo store; the browser carries the template owner's session.
  const setup = useConnectedDemoInBrowser();

  it('says too thin on a short range, then shows the model of the year and plans a budget', async () => {
    const { app, browser } = setup;
    const { page } = browser;
    await signInAsDemoOwner(page, app);
    const days = app.demo.store.meta.daily.map((d) => d.day).sort();
    const first = days[0]!;
    const last = days.at(-1)!;

    await visit(page, app.baseUrl, '/');
    await page.getByRole('button', { name: 'Performance' }).first().click();
    await page
      .getByRole('link', { name: /Measurement/ })
      .first()
      .click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Measurement', exact: true }).count(), POLL)
      .toBe(1);

    await visit(page, app.baseUrl, `/measurement?from=${addDays(last, -69)}&to=${last}`);
    await expect.poll(() => page.getByTestId('mmm-thin').count(), POLL).toBe(1);
    await expect(page.getByTestId('mmm-thin').textContent()).resolves.toContain('Too thin to say');
    expect(await page.getByTestId('mmm-roas-table').count()).toBe(0);

    await visit(page, app.baseUrl, `/measurement?from=${first}&to=${last}`);
    const answer: MmmAnswer = MmmAnswerSchema.parse(
      await page.evaluate(
        async (query) => (await fetch(`/api/measurement/mmm?${query}`)).json(),
        `from=${first}&to=${last}`,
      ),
    );
    const meta = answer.channels.find((c) => c.name === 'Meta')!;
    const row = page.getByTestId('mmm-channel-Meta');
    await expect.poll(() => row.count(), POLL).toBe(1);
    await expect(row.getByTestId('attributed-roas').textContent()).resolves.toBe(
      `${meta.attributedRoas!.toFixed(2)}×`,
    );
    await expect(row.getByTestId('incremental-roas').textContent()).resolves.toBe(
      `${meta.roas.toFixed(2)}× (${meta.roasLow.toFixed(2)}× – ${meta.roasHigh.toFixed(2)}×)`,
    );
    await expect(page.getByText(/Estimated by a marketing-mix model/).count()).resolves.toBe(1);
    // Which curve family the data favour, and how strongly, in the words the API answers (decision 243).
    await expect(page.getByTestId('mmm-saturation').textContent()).resolves.toBe(
      ` ${answer.saturation!.summary}`,
    );
    await expect
      .poll(() => page.locator('[data-testid="mmm-contribution-chart"] .recharts-area').count(), POLL)
      .toBe(1 + answer.channels.length);
    await expect
      .poll(() => page.getByTestId('mmm-curve-Meta').locator('.recharts-line').count(), POLL)
      .toBe(1);

    // The page states the plan's expected change only when every move survives the carry-over
    // refit (decision 179); otherwise it says why not. Which one is read off the server's answer.
    const planned = page.waitForResponse((r) => r.url().endsWith('/api/measurement/plan'));
    await page.getByRole('button', { name: 'Plan' }).click();
    const plan = PlanAnswerSchema.parse(await (await planned).json());
    await expect
      .poll(() => page.getByTestId('plan-contribution-change').textContent(), POLL)
      .toMatch(
        plan.carryOver && !plan.carryOver.robust
          ? /^(Not robust to the carry-over assumption|Not sure to pay): .* No expected change is stated for this plan\./
          : /Estimated change of contribution: .* a week \(90 % interval .* to .*\)/,
      );
    // A plan within every channel's largest fitted week says nothing of it; one beyond says so
    // (decision 248). The owner's bounds then push Meta to twice its largest week.
    if (plan.dataSupport?.within) expect(await page.getByTestId('plan-data-support').count()).toBe(0);
    else
      await expect
        .poll(() => page.getByTestId('plan-data-support').textContent(), POLL)
        .toBe(plan.dataSupport!.summary);
    const beyond = (2 * Number(meta.largestWeeklySpend)).toFixed(2);
    await page.getByLabel(/Weekly budget/).fill(beyond);
    await page.getByLabel('Meta min').fill(beyond);
    const replanned = page.waitForResponse((r) => r.url().endsWith('/api/measurement/plan'));
    await page.getByRole('button', { name: 'Plan' }).click();
    const second = PlanAnswerSchema.parse(await (await replanned).json());
    expect(second.dataSupport).toMatchObject({ within: false, beyond: ['Meta'] });
    await expect
      .poll(() => page.getByTestId('plan-data-support').textContent(), POLL)
      .toBe(second.dataSupport!.summary);
    await saveScreenshot(page, 'measurement-page');
  }, 240_000);
});
