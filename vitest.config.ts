import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { inlineScript } from './scripts/inline-script.ts';

// CI sets TEST_REPORT_DIR (and TEST_RUN_NAME per run) to collect a JSON report of each run.
const reportDir = process.env.TEST_REPORT_DIR;

export default defineConfig({
  // The starters' texts, as the site's build makes them (late-start.test.ts runs them).
  plugins: [inlineScript()],
  test: {
    include: [
      '*.test.ts',
      'common/**/*.test.ts',
      'content/**/*.test.ts',
      'deploy/**/*.test.ts',
      'server/**/*.test.ts',
      'scripts/**/*.test.ts',
      'web/**/*.test.ts',
    ],
    globalSetup: ['./vitest.global-setup.ts'],
    setupFiles: ['./vitest.setup.ts'],
    // PGlite boots a WebAssembly PostgreSQL per test file; give it room on a 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    isolate: false,
    reporters: reportDir ? ['default', 'json'] : ['default'],
    ...(reportDir
      ? { outputFile: { json: join(reportDir, `${process.env.TEST_RUN_NAME ?? 'vitest'}.json`) } }
      : {}),
  },
});
