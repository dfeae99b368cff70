/**
 * The visitor's wish for less motion, without React: for code that runs on an island page before
 * (or without) React, and for the hooks in motion.ts that read the same query.
 */

export const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * Runs `run` with whether the visitor asked for less motion, and again (after stopping the last
 * run) whenever that changes. Returns the function that stops it.
 */
export function followReducedMotion(run: (reduced: boolean) => () => void): () => void {
  const query = matchMedia(REDUCED_MOTION);
  let stop = run(query.matches);
  const change = () => {
    stop();
    stop = run(query.matches);
  };
  query.addEventListener('change', change);
  return () => {
    query.removeEventListener('change', change);
    stop();
  };
}
