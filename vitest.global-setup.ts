/**
 * One scratch folder for a whole Vitest run, removed when the run ends: every test's temporary
 * folders (a fresh embedded database is 41 MB) go under it, through os.tmpdir() (vitest.setup.ts
 * points TMPDIR here in each worker). Left in /tmp, one run of the suite used to leave 800 MB.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  interface ProvidedContext {
    scratchDir: string;
  }
}

export default function setup(project: TestProject) {
  const scratchDir = mkdtempSync(join(tmpdir(), 'portfolio-vitest-'));
  // Open to every user as /tmp is (nginx's workers run as another user and use folders in it).
  chmodSync(scratchDir, 0o1777);
  project.provide('scratchDir', scratchDir);
  return () => rmSync(scratchDir, { recursive: true, force: true });
}
