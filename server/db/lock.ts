/**
 * An exclusive lock on the embedded database directory. PGlite keeps the whole
 * database in one process; a second process writing the same files would corrupt
 * it, so the second one is refused at once. The lock file holds the owner's pid;
 * a lock left by a process that no longer runs is taken over.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

function processIsRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Locks this process already holds: opening the same directory twice in one process is refused too. */
const heldLocks = new Set<string>();

export function lockDataDir(dataDir: string): DataDirLock {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'portfolio.lock');
  if (heldLocks.has(path)) {
    throw new DataDirLockedError(`The data directory ${dir} is already open in this process.`);
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldLocks.add(path);
      let released = false;
      return {
        path,
        release() {
          if (released) return;
          released = true;
          heldLocks.delete(path);
          rmSync(path, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
      if (Number.isInteger(owner) && owner !== process.pid && processIsRunning(owner)) {
        throw new DataDirLockedError(
          `The data directory ${dir} is in use by another process (pid ${owner}). ` +
            'Stop that process first, or set DATA_DIR to another directory. ' +
            `If no such process uses it, delete ${path}.`,
        );
      }
      // A stale lock from a process that has exited: take it over.
      rmSync(path, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dir}`);
}
