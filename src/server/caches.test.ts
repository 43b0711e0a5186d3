import { describe, expect, it } from 'vitest';
import { createAppCaches, joinInFlight, keptAnswer } from './caches.ts';

describe('joinInFlight', () => {
  it('runs work once for concurrent callers of a key, and again once it settled', async () => {
    const { inFlight } = createAppCaches();
    let calls = 0;
    let release: (value: number) => void = () => {};
    const read = () => {
      calls += 1;
      return new Promise<number>((resolve) => {
        release = resolve;
      });
    };
    const first = joinInFlight(inFlight, 'k', read);
    const second = joinInFlight(inFlight, 'k', read);
    const other = joinInFlight(inFlight, 'other', () => Promise.resolve(7));
    release(42);
    await expect(Promise.all([first, second, other])).resolves.toEqual([42, 42, 7]);
    expect(calls).toBe(1);
    const third = joinInFlight(inFlight, 'k', read);
    release(43);
    await expect(third).resolves.toBe(43);
    expect(calls).toBe(2);
  });

  it('lets the next caller retry after a failure', async () => {
    const { inFlight } = createAppCaches();
    await expect(joinInFlight(inFlight, 'f', () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    );
    await expect(joinInFlight(inFlight, 'f', () => Promise.resolve('up'))).resolves.toBe('up');
  });
});

describe('keptAnswer', () => {
  it('loads once, keeps null answers, shares a concurrent load and keeps no failure', async () => {
    const { answers } = createAppCaches();
    let loads = 0;
    const load = async () => {
      loads += 1;
      return null;
    };
    const [a, b] = await Promise.all([keptAnswer(answers, 'k', load), keptAnswer(answers, 'k', load)]);
    expect([a, b, await keptAnswer(answers, 'k', load)]).toEqual([null, null, null]);
    expect(loads).toBe(1);
    await expect(keptAnswer(answers, 'f', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await expect(keptAnswer(answers, 'f', async () => 'up')).resolves.toBe('up');
  });

  it('loads again when the kept answer no longer holds', async () => {
    const { answers } = createAppCaches();
    await keptAnswer(answers, 'k', async () => 1);
    expect(
      await keptAnswer(
        answers,
        'k',
        async () => 2,
        (kept) => kept === 1,
      ),
    ).toBe(1);
    expect(
      await keptAnswer(
        answers,
        'k',
        async () => 2,
        (kept) => kept !== 1,
      ),
    ).toBe(2);
  });

  it('is one set per app: two apps keep their own answers', async () => {
    const one = createAppCaches();
    const two = createAppCaches();
    await keptAnswer(one.answers, 'k', async () => 'one');
    expect(await keptAnswer(two.answers, 'k', async () => 'two')).toBe('two');
    expect(await keptAnswer(one.answers, 'k', async () => 'again')).toBe('one');
  });
});
