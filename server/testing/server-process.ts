/**
 * The real server as a child process (`node --import tsx server/main.ts`), for tests of what only a
 * process shows: start-up, signals, the data-directory lock, and several processes on one database.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../paths.ts';

export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
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
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
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

/** Starts the server and waits until it listens (START_ALLOWANCE_MS at most); fails with its output. */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const server = spawnServer(env);
  const deadline = Date.now() + START_ALLOWANCE_MS;
  while (Date.now() < deadline) {
    const match = server.output().match(/Server listening at (http:\/\/[\d.]+:\d+)/);
    if (match?.[1]) return { ...server, url: match[1] };
    if (server.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`server did not start:\n${server.output()}`);
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

export const freshDataDir = () => mkdtempSync(join(tmpdir(), 'portfolio-data-'));
