/**
 * Runs `callback` when the browser has an idle moment (at the latest after
 * `timeoutMs`), or after `fallbackMs` where requestIdleCallback is missing
 * (Safari). Returns the function that cancels it.
 */
export function whenIdle(callback: () => void, timeoutMs: number, fallbackMs = 200): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => callback(), { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(callback, fallbackMs);
  return () => clearTimeout(timer);
}
