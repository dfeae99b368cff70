import { afterEach, beforeEach, inject, vi } from 'vitest';

// Temporary folders go to the run's scratch folder (vitest.global-setup.ts), removed at its end.
process.env.TMPDIR = inject('scratchDir');

// A test that writes to console.error or console.warn fails: warnings must not hide.
let messages: string[] = [];
beforeEach(() => {
  messages = [];
  for (const method of ['error', 'warn'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      messages.push(`console.${method}: ${args.map(String).join(' ')}`);
    });
  }
});
afterEach(() => {
  vi.restoreAllMocks();
  if (messages.length > 0) throw new Error(`Unexpected console output:\n${messages.join('\n')}`);
});
