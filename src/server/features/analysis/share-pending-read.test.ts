import { describe, expect, it } from 'vitest';
import { sharePendingRead } from './share-pending-read.ts';

describe('sharePendingRead', () => {
  it('runs a read once for concurrent callers of a key, and again once it settled', async () => {
    let calls = 0;
    let release: (value: number) => void = () => {};
    const read = () => {
      calls += 1;
      return new Promise<number>((resolve) => {
        release = resolve;
      });
    };
    const first = sharePendingRead('k', read);
    const second = sharePendingRead('k', read);
    const other = sharePendingRead('other', () => Promise.resolve(7));
    release(42);
    await expect(Promise.all([first, second, other])).resolves.toEqual([42, 42, 7]);
    expect(calls).toBe(1);
    const third = sharePendingRead('k', read);
    release(43);
    await expect(third).resolves.toBe(43);
    expect(calls).toBe(2);
  });

  it('lets the next caller retry after a failure', async () => {
    await expect(sharePendingRead('f', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await expect(sharePendingRead('f', () => Promise.resolve('up'))).resolves.toBe('up');
  });
});
