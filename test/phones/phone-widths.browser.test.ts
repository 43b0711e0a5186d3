import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { APP_ROUTES } from '../../src/web/app/routes.tsx';
import { describeInBrowser, saveScreenshot, settle, visit } from '../support/browser.ts';
import { signInAsDemoOwner, useConnectedDemoInBrowser } from '../support/demo-store-in-browser.ts';

const PHONE = { width: 390, height: 844 };
/** Pages loaded side by side (see the test). */
const TABS = 4;

/**
 * The outermost elements that stick out to the right of the viewport while their parent does not:
 * where a fix belongs. Described by tag, test id and classes so a failure names them.
 */
function widestCulprits(): string[] {
  const out: string[] = [];
  for (const element of document.body.querySelectorAll('*')) {
    const parent = element.parentElement;
    if (!parent) continue;
    if (element.getBoundingClientRect().right <= window.innerWidth + 0.5) continue;
    if (parent !== document.body && parent.getBoundingClientRect().right > window.innerWidth + 0.5) continue;
    const testId = element.getAttribute('data-testid');
    const classes = typeof element.className === 'string' ? element.className.slice(0, 80) : '';
    out.push(`${element.tagName.toLowerCase()}${testId ? `[${testId}]` : ''} .${classes}`);
  }
  return out.slice(0, 5);
}

/**
 * Elements inside a card whose content is wider than their box (`scrollWidth > clientWidth`): text
 * or figures that spill out of their card or are cut off (issue #36 item 7). Allowed, narrowly:
 * an element that scrolls sideways on purpose (`overflow-x: auto | scroll`, the wide tables), a
 * text cut with an ellipsis (`text-overflow: ellipsis`: the full text is in its title or row), and
 * boxes of at most 1 px (screen-reader-only text). Inline elements have no box (clientWidth 0):
 * their text is measured on the block that holds them.
 */
function overflowingInCards(): string[] {
  const out: string[] = [];
  for (const card of document.querySelectorAll('[data-card]')) {
    for (const element of [card, ...card.querySelectorAll('*')]) {
      if (!(element instanceof HTMLElement) || element.clientWidth <= 1) continue;
      if (element.scrollWidth <= element.clientWidth) continue;
      const style = getComputedStyle(element);
      if (style.overflowX === 'auto' || style.overflowX === 'scroll' || style.textOverflow === 'ellipsis')
        continue;
      const testId = element.getAttribute('data-testid');
      const classes = typeof element.className === 'string' ? element.className.slice(0, 60) : '';
      const text = (element.textContent ?? '').trim().slice(0, 40);
      out.push(
        `${element.tagName.toLowerCase()}${testId ? `[${testId}]` : ''} .${classes} "${text}" ${element.scrollWidth}>${element.clientWidth}`,
      );
    }
  }
  return out.slice(0, 8);
}

/**
 * Issue #20.6: on a phone (390 px) no page of the SPA scrolls sideways — wide tables scroll inside
 * their card. Signed in, with the demo store connected and analysed so every page shows its data
 * (the widest state), every route of the route table plus an unknown path and a found order.
 * Issue #36 item 7: and inside every card, no element is wider than its box (overflowingInCards).
 */
describeInBrowser('every page at phone width', () => {
  const setup = useConnectedDemoInBrowser();

  it('never scrolls sideways at 390 px', async () => {
    const { app, browser } = setup;
    const { page } = browser;
    await signInAsDemoOwner(page, app);
    await page.setViewportSize(PHONE);

    const overflowing: { route: string; scrollWidth: number; culprits: string[] }[] = [];
    const spilling: { route: string; elements: string[] }[] = [];
    /** Measures the settled page `tab` shows as `route`. */
    const measure = async (tab: Page, route: string) => {
      const { scrollWidth, innerWidth } = await tab.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(innerWidth).toBe(PHONE.width);
      await saveScreenshot(tab, `phone${route.replaceAll(/[^a-z]+/g, '-')}`);
      if (scrollWidth > innerWidth) {
        overflowing.push({ route, scrollWidth, culprits: await tab.evaluate(widestCulprits) });
      }
      const elements = await tab.evaluate(overflowingInCards);
      if (elements.length > 0) spilling.push({ route, elements });
    };

    // Each route is opened and settled once, TABS at a time: `settle` spends most of its ≥ 1 s per
    // page waiting (network idle, then a second of unchanged text), and those waits overlap across
    // tabs of the same signed-in context (decision 218). A tab loads the SPA once and then moves
    // inside it as a link does (`visit`): the width of a rendered route does not depend on how it
    // was reached, and each load would cost Chromium ~2–3 s of CPU (decisions 227, 232).
    const waiting = [...APP_ROUTES.map((r) => r.path), '/no-such-page'];
    const extraTabs = await Promise.all(Array.from({ length: TABS - 1 }, () => page.context().newPage()));
    const tabs = [page, ...extraTabs];
    await Promise.all(tabs.map((tab) => tab.setViewportSize(PHONE)));
    await Promise.all(
      tabs.map(async (tab) => {
        for (let route = waiting.shift(); route !== undefined; route = waiting.shift()) {
          await visit(tab, app.baseUrl, route);
          await measure(tab, route);
        }
      }),
    );
    for (const tab of extraTabs) await tab.close();

    // A found order: the widest state of the order lookup.
    const name = app.demo.store.getOrder(0).name;
    await visit(page, app.baseUrl, '/orders');
    await page.getByRole('textbox').first().fill(name);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText(name).first().waitFor();
    await settle(page);
    await measure(page, '/orders (found)');

    const byRoute = (a: { route: string }, b: { route: string }) => a.route.localeCompare(b.route);
    expect(overflowing.sort(byRoute)).toEqual([]);
    expect(spilling.sort(byRoute)).toEqual([]);
  }, 600_000);
});
