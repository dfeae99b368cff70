/**
 * A program a test starts as a stand-in (nginx, Caddy, Radicale): what it prints is kept, it is
 * ready once a probe says so, and when it exits first the error says how and carries everything
 * it printed. Its exit is its 'close', when the pipe has been read to the end: at 'exit' the last
 * lines it printed may still be in the pipe (about one exit in ten here).
 */
import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';

export interface StandInProcess {
  child: ChildProcess;
  /** What it printed on stderr so far (its last 16,000 characters). */
  output(): string;
  /**
   * Asks `ready` every `every` ms until it says yes; fails when the program exits first or
   * `within` ms pass, with what it printed (and `log()`, for a program that writes a log file).
   */
  untilReady(
    ready: () => Promise<boolean>,
    options: { within: number; every?: number; log?: () => string },
  ): Promise<void>;
  /** Sends `signal` (SIGTERM unless said) and waits for it to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

const KEPT = 16_000;

export function startStandIn(
  name: string,
  command: string,
  args: string[],
  options: Pick<SpawnOptions, 'env'> = {},
): StandInProcess {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'ignore', 'pipe'] });
  const started = Date.now();
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-KEPT);
  });
  let closed: string | undefined;
  const exited = new Promise<void>((resolve) => {
    child.on('close', (code, signal) => {
      closed = `exited after ${((Date.now() - started) / 1000).toFixed(1)} s (code ${code}, signal ${signal})`;
      resolve();
    });
  });
  const failure = (how: string, log?: () => string) => {
    let logged = '';
    try {
      logged = log?.() ?? '';
    } catch {
      // No log file yet.
    }
    return new Error(
      `${name} did not start: ${how}; it printed:\n${output}${logged && `\nits log:\n${logged}`}`,
    );
  };
  return {
    child,
    output: () => output,
    async untilReady(ready, { within, every = 100, log }) {
      const deadline = Date.now() + within;
      // What the probe last met, for a program that says nothing (Radicale's refusal, say).
      let refused = '';
      const probe = () =>
        ready().catch((error: Error) => {
          refused = error.message;
          return false;
        });
      for (;;) {
        if (closed) throw failure(closed, log);
        if (await probe()) return;
        if (closed) throw failure(closed, log);
        if (Date.now() > deadline) {
          child.kill('SIGKILL');
          throw failure(`no answer in ${within / 1000} s${refused && ` (last try: ${refused})`}`, log);
        }
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, every))]);
      }
    },
    async stop(signal = 'SIGTERM') {
      if (!closed) {
        child.kill(signal);
        await exited;
      }
    },
  };
}
