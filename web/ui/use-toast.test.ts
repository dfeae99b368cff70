import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToasts, TOAST_REMOVE_DELAY, toast } from './use-toast.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('toast queue', () => {
  it('keeps one toast: a new one replaces the visible one', () => {
    toast({ title: 'Login failed', variant: 'destructive' });
    toast({ title: 'Login successful', description: 'Welcome back, dana!' });
    expect(getToasts()).toEqual([
      expect.objectContaining({ title: 'Login successful', description: 'Welcome back, dana!', open: true }),
    ]);
  });

  it('closes a dismissed toast at once and drops it 1,000,000 ms later', () => {
    vi.useFakeTimers();
    const id = toast({ title: 'Logged out' });
    dismissToast(id);
    expect(getToasts()).toEqual([expect.objectContaining({ id, open: false })]);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toEqual([]);
  });
});
