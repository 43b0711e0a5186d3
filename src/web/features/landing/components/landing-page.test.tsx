// @vitest-environment happy-dom
import { findLink, renderInDocument, textOf } from '@web/testing/render.tsx';
import { afterEach, describe, expect, it } from 'vitest';
import { LandingPage } from './landing-page.tsx';

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

describe('LandingPage (spec §2 signed-out landing screen)', () => {
  it('has the hero, four feature cards and the named blocks', async () => {
    const { container, unmount } = await renderInDocument(<LandingPage />);
    cleanup = unmount;
    expect(textOf(container.querySelector('h1'))).toBe('Upside');
    const headings = [...container.querySelectorAll('h2')].map(textOf);
    expect(headings).toEqual(
      expect.arrayContaining([
        'Why Choose Upside?',
        'Powered by Advanced Technology',
        'Ready to boost your revenue?',
      ]),
    );
    expect(container.querySelectorAll('#features-heading + ul > li')).toHaveLength(4);
    for (const title of ['Real-Time', 'Secure', 'Unified']) {
      expect([...container.querySelectorAll('h3')].map(textOf)).toContain(title);
    }
  });

  it('sends both sign-in buttons to /api/login', async () => {
    const { container, unmount } = await renderInDocument(<LandingPage />);
    cleanup = unmount;
    expect(findLink(container, 'Sign In to Get Started')?.getAttribute('href')).toBe('/api/login');
    expect(findLink(container, 'Get Started Now')?.getAttribute('href')).toBe('/api/login');
  });
});
