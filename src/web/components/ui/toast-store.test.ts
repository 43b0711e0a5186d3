import { TOAST_DURATION_MS } from '@shared/ui-constants.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToasts, toast } from './toast-store.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('toast store', () => {
  it('keeps a single toast: a new one replaces the previous', () => {
    toast({ title: 'First' });
    const second = toast({ title: 'Second', variant: 'destructive' });
    const toasts = getToasts();
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({ id: second.id, title: 'Second', variant: 'destructive', open: true });
  });

  it('defaults to the default variant and 5000 ms', () => {
    toast({ title: 'Saved' });
    expect(getToasts()[0]).toMatchObject({ variant: 'default', duration: TOAST_DURATION_MS });
    expect(TOAST_DURATION_MS).toBe(5000);
  });

  it('closes a dismissed toast, then removes it', () => {
    vi.useFakeTimers();
    const handle = toast({ title: 'Bye' });
    handle.dismiss();
    expect(getToasts()[0]).toMatchObject({ id: handle.id, open: false });
    vi.runAllTimers();
    expect(getToasts()).toHaveLength(0);
  });

  it('dismissing a toast that was already replaced leaves the new one alone', () => {
    vi.useFakeTimers();
    const old = toast({ title: 'Old' });
    const current = toast({ title: 'Current' });
    dismissToast(old.id);
    vi.runAllTimers();
    expect(getToasts()).toEqual([expect.objectContaining({ id: current.id, open: true })]);
  });
});
