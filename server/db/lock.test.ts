import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './lock.ts';

const tempDir = () => mkdtempSync(join(tmpdir(), 'portfolio-lock-'));

describe('lockDataDir', () => {
  it('holds the directory until released', () => {
    const dir = tempDir();
    const lock = lockDataDir(dir);
    expect(readFileSync(lock.path, 'utf8')).toBe(String(process.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    lock.release();
    lockDataDir(dir).release();
  });

  it('refuses a directory locked by another running process, naming it', () => {
    const dir = tempDir();
    // The parent of this process is alive for the whole test.
    writeFileSync(join(dir, 'portfolio.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(`in use by another process (pid ${process.ppid})`);
  });

  it('takes over a lock left behind by a process that has exited', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'portfolio.lock'), '2147483646');
    const lock = lockDataDir(dir);
    expect(readFileSync(lock.path, 'utf8')).toBe(String(process.pid));
    lock.release();
  });
});
