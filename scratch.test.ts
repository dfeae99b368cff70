import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { expect, inject, it } from 'vitest';
import { freshDataDir } from './server/testing/server-process.ts';

it("puts a test's temporary folders in the run's scratch folder, which the run removes at its end", () => {
  const scratch = inject('scratchDir');
  expect(basename(scratch)).toMatch(/^portfolio-vitest-/);
  expect(tmpdir()).toBe(scratch);
  expect(dirname(mkdtempSync(join(tmpdir(), 'portfolio-any-')))).toBe(scratch);
  expect(dirname(freshDataDir())).toBe(scratch);
});
