/**
 * A gate for housekeeping that may run at most once per interval (sweeping expired rows as
 * writes arrive): true on the first call and then once the interval has passed since the last true.
 */
export function nowAndThen(intervalMs: number, now: () => number = () => Date.now()): () => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const at = now();
    if (at - last <= intervalMs) return false;
    last = at;
    return true;
  };
}
