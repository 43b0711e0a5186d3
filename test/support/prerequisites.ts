import { describe, it } from 'vitest';

/**
 * `describe` for tests that need something outside the repository (Chromium, a dataset in
 * ../shared/datasets). Locally a missing prerequisite skips the suite with a one-line notice; under
 * `CI=true` it fails the run instead, so CI can never go green by testing less (issue #21 item 9).
 */
export function describeWhen(present: boolean, missing: string): Suite {
  if (present) return describe;
  if (process.env.CI === 'true') {
    return (name) =>
      describe(name, () => {
        it('has what it needs to run', () => {
          throw new Error(`CI=true but ${missing}`);
        });
      });
  }
  console.warn(`skipped: ${missing}`);
  return describe.skip;
}

type Suite = (name: string, body: () => void) => void;
