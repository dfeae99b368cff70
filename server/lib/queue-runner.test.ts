/**
 * The queues' runner (server/lib/job-queue.ts): a wake while a round runs is not lost. The round may
 * have read its table before the row that woke it was written; waiting for the idle time (a minute
 * for Webmention, 30 s for the fediverse) would leave that row there meanwhile.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queueRunner } from './job-queue.ts';

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
});

describe('queueRunner', () => {
  it('runs another round at once when woken during one', async () => {
    let rounds = 0;
    let release: () => void = () => undefined;
    const runner = queueRunner({
      round: async () => {
        rounds++;
        if (rounds === 1) await new Promise<void>((resolve) => (release = resolve));
        return false;
      },
      idleMs: 60_000,
      busyMs: 60_000,
      onError: () => undefined,
    });
    stop = runner.stop;
    runner.start();
    await expect.poll(() => rounds).toBe(1);
    runner.wake();
    release();
    await expect.poll(() => rounds, { timeout: 2000 }).toBe(2);
  });

  it('waits the idle time after a round nobody woke, and a wake cuts it short', async () => {
    vi.useFakeTimers();
    try {
      let rounds = 0;
      const runner = queueRunner({
        round: async () => {
          rounds++;
          return false;
        },
        idleMs: 60_000,
        busyMs: 1_000,
        onError: () => undefined,
      });
      stop = runner.stop;
      runner.start();
      await vi.advanceTimersByTimeAsync(0);
      expect(rounds).toBe(1);
      await vi.advanceTimersByTimeAsync(59_999);
      expect(rounds).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(rounds).toBe(2);
      runner.wake();
      await vi.advanceTimersByTimeAsync(0);
      expect(rounds).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
