import { describe, expect, it } from 'vitest';
import { startStandIn } from './stand-in-process.ts';

const sh = (script: string) => startStandIn('the stand-in', '/bin/sh', ['-c', script]);

describe('a stand-in process', () => {
  it('that exits before it is ready fails with its exit and every line it printed, the last included', async () => {
    // The line is written after the program has exited, as the last lines of a real one can still
    // be in the pipe when it exits: only the pipe's end says everything has been read.
    const program = sh('(sleep 0.2; echo "cannot bind 127.0.0.1:8080" >&2) & exit 3');
    const error = await program
      .untilReady(async () => false, { within: 10_000 })
      .then(
        () => undefined,
        (reason: Error) => reason,
      );
    expect(error?.message).toMatch(
      /^the stand-in did not start: exited after [\d.]+ s \(code 3, signal null\); it printed:\ncannot bind 127\.0\.0\.1:8080\n$/,
    );
  });

  it('that never answers is stopped after its time, and says so with its log', async () => {
    const program = sh('echo starting >&2; exec sleep 30');
    await expect(
      program.untilReady(async () => false, { within: 300, log: () => 'a line of its log file' }),
    ).rejects.toThrow(
      /did not start: no answer in 0.3 s; it printed:\nstarting\n\nits log:\na line of its log file/,
    );
    await expect.poll(() => program.child.signalCode).toBe('SIGKILL');
  });

  it('is ready once its probe says so, and stop() waits for its exit', async () => {
    let asked = 0;
    const program = sh('exec sleep 30');
    await program.untilReady(async () => ++asked === 3, { within: 10_000, every: 10 });
    expect(asked).toBe(3);
    await program.stop();
    expect(program.child.signalCode).toBe('SIGTERM');
    // A second stop has nothing to wait for.
    await program.stop();
  });

  it('keeps asking while the probe throws (a refused connection is "not yet")', async () => {
    let asked = 0;
    const program = sh('exec sleep 30');
    await program.untilReady(
      async () => {
        if (++asked < 3) throw new Error('connect ECONNREFUSED');
        return true;
      },
      { within: 10_000, every: 10 },
    );
    expect(asked).toBe(3);
    await program.stop();
  });

  it('that never answers says what the probe last met', async () => {
    const program = sh('exec sleep 30');
    await expect(
      program.untilReady(
        async () => {
          throw new Error('connect ECONNREFUSED 127.0.0.1:5232');
        },
        { within: 200, every: 20 },
      ),
    ).rejects.toThrow(/no answer in 0.2 s \(last try: connect ECONNREFUSED 127\.0\.0\.1:5232\); it printed:/);
  });
});
