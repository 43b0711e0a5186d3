// @vitest-environment happy-dom
import { renderInDocument, textOf } from '@web/testing/render.tsx';
import { afterEach, describe, expect, it } from 'vitest';
import { CountBadge } from './count-badge.tsx';

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

describe('CountBadge', () => {
  it('renders nothing at 0', async () => {
    const { container, unmount } = await renderInDocument(<CountBadge count={0} />);
    cleanup = unmount;
    expect(container.innerHTML).toBe('');
  });

  it("shows '9+' above 9", async () => {
    const { container, unmount } = await renderInDocument(<CountBadge count={12} />);
    cleanup = unmount;
    expect(textOf(container)).toBe('9+');
  });
});
