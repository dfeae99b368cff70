/**
 * A service a test needs (PostgreSQL, Redis, nginx, Radicale): on a developer's machine without it,
 * its tests are skipped; with CI=true a missing one fails the run instead (issue 63), so CI cannot
 * pass by skipping. `.ci/run` installs and starts each.
 */
export function required(service: string, present: unknown): boolean {
  if (present) return true;
  if (process.env.CI)
    throw new Error(`${service} is needed by these tests and is missing: .ci/run provides it`);
  return false;
}
