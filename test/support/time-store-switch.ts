import type { Locator, Page } from 'playwright-core';

/**
 * Times one switch of store in the page (issue #17: < 300 ms from cache): opens `switcher`, then
 * measures in the page from releasing the option `name` to the dashboard showing `expected` in the
 * revenue card (or the empty state when `expected` is null). Used by the switcher's browser test
 * and bench/store-switch.bench.ts; nothing asserts the figure.
 */
export async function timeStoreSwitch(
  page: Page,
  switcher: Locator,
  name: string,
  expected: string | null,
  timeoutMs = 30_000,
): Promise<number> {
  await switcher.click();
  const option = page.getByRole('option', { name });
  await option.waitFor();
  await page.evaluate((want) => {
    const w = window as unknown as { switchStart?: number; switchEnd?: number };
    w.switchStart = undefined;
    w.switchEnd = undefined;
    document.addEventListener(
      'pointerup',
      () => {
        w.switchStart = performance.now();
      },
      { capture: true, once: true },
    );
    // No named function in here: tsx (the benches) wraps those in a helper the page lacks.
    const observer = new MutationObserver(() => {
      if (w.switchStart === undefined) return;
      const value = document.querySelector('[data-testid="kpi-revenue"] [data-testid="kpi-value"]');
      const empty = document.querySelector('[data-testid="no-store-data"]');
      if (want === null ? empty !== null : value?.textContent === want) {
        w.switchEnd = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  }, expected);
  await option.click();
  await page.waitForFunction(
    () => (window as unknown as { switchEnd?: number }).switchEnd !== undefined,
    undefined,
    { timeout: timeoutMs },
  );
  return page.evaluate(() => {
    const w = window as unknown as { switchStart: number; switchEnd: number };
    return w.switchEnd - w.switchStart;
  });
}
