import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

/**
 * Renders a React tree into the test document (run the test file under `@vitest-environment happy-dom`) and
 * returns its container; call `unmount` in the test's cleanup. No testing library: React's own `act`.
 */
export async function renderInDocument(
  node: ReactNode,
): Promise<{ container: HTMLElement; unmount: () => void }> {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => {
    root.render(node);
  });
  return {
    container,
    unmount: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
}

/** The accessible-ish text of an element with collapsed whitespace, for exact text assertions. */
export function textOf(element: Element | null): string {
  return (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** The link whose text is exactly `text`, or null. */
export function findLink(container: HTMLElement, text: string): HTMLAnchorElement | null {
  return [...container.querySelectorAll('a')].find((link) => textOf(link) === text) ?? null;
}
