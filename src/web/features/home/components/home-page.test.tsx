// @vitest-environment happy-dom
import { findLink, renderInDocument, textOf } from '@web/testing/render.tsx';
import { afterEach, describe, expect, it } from 'vitest';
import { HomePage } from './home-page.tsx';

const ada = {
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  profileImageUrl: null,
};
let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

async function renderHome(props: Parameters<typeof HomePage>[0]) {
  const rendered = await renderInDocument(<HomePage {...props} />);
  cleanup = rendered.unmount;
  return rendered.container;
}

describe('HomePage (spec §2 signed-in home screen)', () => {
  it('greets the user by first name and shows the name in the header', async () => {
    const container = await renderHome({ user: ada });
    expect(textOf(container.querySelector('h1'))).toBe('Welcome back, Ada');
    expect(textOf(container.querySelector('[data-testid="home-display-name"]'))).toBe('Ada');
  });

  it("falls back to the e-mail in the header and plain 'Welcome back'", async () => {
    const container = await renderHome({ user: { ...ada, firstName: null } });
    expect(textOf(container.querySelector('h1'))).toBe('Welcome back');
    expect(textOf(container.querySelector('[data-testid="home-display-name"]'))).toBe('ada@example.com');
    expect(container.querySelector('img')).toBeNull();
  });

  it('shows the profile image when present', async () => {
    const container = await renderHome({ user: { ...ada, profileImageUrl: 'https://example.com/ada.png' } });
    expect(container.querySelector('img')?.getAttribute('src')).toBe('https://example.com/ada.png');
  });

  it('links the spec buttons to their routes', async () => {
    const container = await renderHome({ user: ada });
    // Sign Out posts (issue #36): a form to /api/logout, not a link.
    const signOut = [...container.querySelectorAll('button')].find((b) =>
      b.textContent?.includes('Sign Out'),
    );
    expect(signOut?.closest('form')?.getAttribute('action')).toBe('/api/logout');
    expect(signOut?.closest('form')?.getAttribute('method')).toBe('post');
    expect(findLink(container, 'View Dashboard')?.getAttribute('href')).toBe('/dashboard');
    expect(findLink(container, 'Profile & Integrations')?.getAttribute('href')).toBe('/profile');
    expect(findLink(container, 'Open Dashboard')?.getAttribute('href')).toBe('/dashboard');
  });

  it('has the four cards and renders extra Get Started actions', async () => {
    const container = await renderHome({ user: ada, getStartedActions: <button>Connect demo store</button> });
    const titles = [...container.querySelectorAll('h3')].map(textOf);
    expect(titles).toEqual(['Quick Actions', 'Platform Status', 'Recent Activity', 'Get Started']);
    expect(textOf(container)).toContain('Connect demo store');
  });
});
