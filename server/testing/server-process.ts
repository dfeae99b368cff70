/**
 * The real server as a child process (`node --import tsx server/main.ts`), for tests of what only a
 * process shows: start-up, signals, the data-directory lock, and several processes on one database.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/client.ts';
import { projectRoot } from '../paths.ts';

export interface ServerProcess {
  child: ChildProcess;
  /** What it printed so far, stdout and stderr together. */
  output: () => string;
  /**
   * Its exit code once it has exited and its output is all read ('close', not 'exit': at 'exit'
   * the last lines it printed may still be in the pipe, about one exit in ten here).
   */
  exited: Promise<number | null>;
}

export interface RunningServer extends ServerProcess {
  /** `http://127.0.0.1:PORT`, as the server logged it. */
  url: string;
}

const running: ChildProcess[] = [];

/** Starts the server with only PATH and `env` (PORT 0, the web app off unless set). */
export function spawnServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH, PORT: '0', LOG_LEVEL: 'info', WEB_APP: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/**
 * How long one start may take: a cold start creates the embedded database (6 s on an idle 2-core
 * machine, five times that with the rest of the suite running beside it, as CI does).
 */
export const START_ALLOWANCE_MS = 40_000;

/**
 * A test's time for `starts` starts (and cold database opens) and what it does between them: the
 * suite's 30 s per test is less than one start's allowance, and a test cut short there never
 * shows the server's output that startServer gives.
 */
export const timeForStarts = (starts: number) => starts * START_ALLOWANCE_MS + 20_000;

const listeningAt = (output: string) => output.match(/Server listening at (http:\/\/[\d.]+:\d+)/)?.[1];

/**
 * Starts the server and waits until it listens (START_ALLOWANCE_MS at most). When it exits first,
 * fails with its exit and everything it printed; when it is still starting, says so.
 */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const server = spawnServer(env);
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  let seen = () => {};
  const outcome = await new Promise<string | Error>((resolve) => {
    timer = setTimeout(() => {
      resolve(new Error(`still not listening after ${START_ALLOWANCE_MS / 1000} s`));
    }, START_ALLOWANCE_MS);
    // Read until it listens, not for the rest of its life.
    seen = () => {
      const url = listeningAt(server.output());
      if (url) resolve(url);
    };
    server.child.stdout?.on('data', seen);
    server.child.on('close', (code, signal) => {
      const after = ((Date.now() - started) / 1000).toFixed(1);
      resolve(new Error(`exited after ${after} s (code ${code}, signal ${signal})`));
    });
  });
  clearTimeout(timer);
  server.child.stdout?.off('data', seen);
  if (typeof outcome === 'string') return { ...server, url: outcome };
  throw new Error(`server did not start: ${outcome.message}; it printed:\n${server.output()}`);
}

/** SIGTERM, then its exit code. */
export function stopServer(server: ServerProcess): Promise<number | null> {
  server.child.kill('SIGTERM');
  return server.exited;
}

/** Kills every server a test left running (for afterEach). */
export function killServers(): void {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
}

/** An empty data directory: the first start creates the embedded database in it. */
export const freshDataDir = () => mkdtempSync(join(tmpdir(), 'portfolio-data-'));

/**
 * A data directory whose embedded database exists and is migrated, but that no site has started
 * on (the first start still seeds it and bootstraps the admin): a copy of one the test process
 * made once. Creating the database was half of a cold start (3.7 of 7.3 s on an idle 2-core
 * machine); a test of a start on a directory never used before takes `freshDataDir`.
 */
export async function migratedDataDir(): Promise<string> {
  migratedOnce ??= (async () => {
    const original = freshDataDir();
    const database = await openDatabase({ kind: 'pglite', dataDir: original });
    await database.close();
    return join(original, 'pglite');
  })();
  const dataDir = freshDataDir();
  cpSync(await migratedOnce, join(dataDir, 'pglite'), { recursive: true });
  return dataDir;
}
let migratedOnce: Promise<string> | undefined;
