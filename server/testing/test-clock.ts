/**
 * Clocks a test sets and moves by hand, for `createTestApp({ clock })`: the app reads the time
 * from them instead of the wall clock.
 */

/** A clock that stands still until the test sets or moves it; the app's timers stay real. */
export function manualClock(start: Date | string) {
  let now = new Date(start).getTime();
  const moved: (() => void)[] = [];
  return {
    now: () => new Date(now),
    /** Sets the time, earlier or later. */
    set(at: Date | string) {
      now = new Date(at).getTime();
      for (const listener of moved) listener();
    },
    /** Moves the clock on by `ms`. */
    advance(ms: number) {
      now += ms;
      for (const listener of moved) listener();
    },
    onMove(listener: () => void) {
      moved.push(listener);
    },
  };
}

/**
 * A manual clock whose timers are fake too: what the app sets on them runs only when the test
 * sets or moves the clock past it (the publisher's and the digest's waits, run by hand).
 */
export function manualClockWithTimers(start: Date | string) {
  const clock = manualClock(start);
  let pending: { run: () => void; at: number; handle: number }[] = [];
  let next = 1;
  clock.onMove(() => {
    const now = clock.now().getTime();
    const due = pending.filter((timer) => timer.at <= now);
    pending = pending.filter((timer) => timer.at > now);
    for (const timer of due) timer.run();
  });
  return {
    ...clock,
    timers: {
      setTimeout(run: () => void, ms: number) {
        const handle = next++;
        pending.push({ run, at: clock.now().getTime() + ms, handle });
        return handle;
      },
      clearTimeout(handle: unknown) {
        pending = pending.filter((timer) => timer.handle !== handle);
      },
    },
    /** How many timers wait to run. */
    get pending() {
      return pending.length;
    },
  };
}
