/**
 * The site's own backups: one a day into BACKUP_DIR (default DATA_DIR/backups), the newest
 * BACKUP_KEEP kept, listed and downloaded from the dashboard. A backup is written under a
 * temporary name and renamed when whole, so the list never shows half a file.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Db } from '../../db/client.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { type BackupSummary, writeBackupFile } from './archive.ts';
import type { BackupBucket, Retention } from './bucket.ts';

/** portfolio-backup-2026-11-24T081500Z.gz: sorts by time, safe in any file system and URL. */
export const BACKUP_NAME = /^portfolio-backup-\d{4}-\d{2}-\d{2}T\d{6}Z\.gz$/;
const HOUR = 60 * 60 * 1000;

export function backupName(at: Date): string {
  return `portfolio-backup-${at.toISOString().slice(0, 19).replaceAll(':', '')}Z.gz`;
}

/** The moment a backup's name records. */
function timeOf(name: string): string {
  const [, day, hh, mm, ss] = /^portfolio-backup-(\d{4}-\d{2}-\d{2})T(\d{2})(\d{2})(\d{2})Z/.exec(name) ?? [];
  return new Date(`${day}T${hh}:${mm}:${ss}Z`).toISOString();
}

export interface BackupFile {
  name: string;
  bytes: number;
  createdAt: string;
}

export interface BackupServiceOptions {
  db: Db;
  storage: FileStorage;
  directory: string;
  /** How many daily backups to keep (the newest). */
  keep: number;
  /** A bucket that gets a copy of each daily backup, and what it keeps (bucket.ts). */
  bucket?: { store: Pick<BackupBucket, 'list' | 'put' | 'prune'>; retention: Retention } | undefined;
  now?: () => Date;
  onError?: (error: unknown) => void;
}

export function createBackupService({
  db,
  storage,
  directory,
  keep,
  bucket,
  now = () => new Date(),
  onError,
}: BackupServiceOptions) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<BackupFile & { summary: BackupSummary }> | undefined;

  async function list(): Promise<BackupFile[]> {
    const names = await readdir(directory).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [] as string[];
      throw error;
    });
    const files: BackupFile[] = [];
    for (const name of names
      .filter((entry) => BACKUP_NAME.test(entry))
      .sort()
      .reverse()) {
      const info = await stat(join(directory, name)).catch(() => undefined);
      if (info) files.push({ name, bytes: info.size, createdAt: timeOf(name) });
    }
    return files;
  }

  /** Writes a backup now (one at a time: a second call joins the one under way). */
  function writeNow(): Promise<BackupFile & { summary: BackupSummary }> {
    running ??= (async () => {
      try {
        mkdirSync(directory, { recursive: true, mode: 0o700 });
        const at = now();
        const name = backupName(at);
        const path = join(directory, name);
        const summary = await writeBackupFile(db, storage, path, at);
        const info = await stat(path);
        return { name, bytes: info.size, createdAt: timeOf(name), summary };
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  /** Removes all but the newest `keep` backups. */
  async function prune(): Promise<string[]> {
    const old = (await list()).slice(keep);
    for (const file of old) await rm(join(directory, file.name), { force: true });
    return old.map((file) => file.name);
  }

  /**
   * The daily backup: written when the newest is a day old or there is none; then, with a bucket,
   * the newest copied there when the bucket lacks it (a copy that failed is made on the next
   * hourly look), and the bucket's old ones removed by its retention.
   */
  async function runDaily(): Promise<boolean> {
    let [newest] = await list();
    let wrote = false;
    if (!newest || now().getTime() - Date.parse(newest.createdAt) >= 24 * HOUR) {
      newest = await writeNow();
      await prune();
      wrote = true;
    }
    if (bucket) {
      const [inBucket] = await bucket.store.list();
      if (!inBucket || inBucket < newest.name) {
        await bucket.store.put(newest.name, join(directory, newest.name));
        await bucket.store.prune(bucket.retention);
      }
    }
    return wrote;
  }

  return {
    directory,
    list,
    writeNow,
    prune,
    runDaily,
    /** The file behind a listed name, or undefined for anything else. */
    pathOf(name: string): string | undefined {
      return BACKUP_NAME.test(name) ? join(directory, name) : undefined;
    },
    /** Checks once an hour whether a day has passed since the last backup. */
    start() {
      const tick = () => {
        runDaily().catch((error) => onError?.(error));
        timer = setTimeout(tick, HOUR);
        timer.unref();
      };
      timer = setTimeout(tick, 60_000);
      timer.unref();
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      return running?.then(
        () => undefined,
        () => undefined,
      );
    },
  };
}

export type BackupService = ReturnType<typeof createBackupService>;

/**
 * A secret written into the data directory while the server runs: `npm run backup` reads it to
 * ask the running server for a backup when the embedded database is locked by that server.
 * Whoever can read the data directory can read the database itself, so it grants nothing more.
 */
export function writeLocalBackupToken(dataDir: string): { matches(value: string | undefined): boolean } {
  const token = randomBytes(32).toString('hex');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(join(dataDir, LOCAL_TOKEN_FILE), token, { mode: 0o600 });
  const expected = Buffer.from(token);
  return {
    matches(value) {
      const given = Buffer.from(value ?? '');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

export const LOCAL_TOKEN_FILE = 'backup-token';
/** The running site's own address, written into the data directory once it listens. */
export const LOCAL_ADDRESS_FILE = 'site-address';

/**
 * Notes where the server listens (`http://127.0.0.1:3000`), so `npm run backup` reaches it
 * without being told PORT and HOST: a wildcard host is reached on the loopback address.
 */
export function writeLocalAddress(dataDir: string, address: AddressInfo | string | null): void {
  if (!address || typeof address === 'string') return;
  const host =
    address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  // Written at once: Fastify does not wait for an onListen hook before listen() resolves.
  writeFileSync(join(dataDir, LOCAL_ADDRESS_FILE), `${url}\n`, { mode: 0o600 });
}

/** The address the running site noted, or undefined when it never did. */
export async function readLocalAddress(dataDir: string): Promise<string | undefined> {
  const text = await readFile(join(dataDir, LOCAL_ADDRESS_FILE), 'utf8').catch(() => '');
  return /^http:\/\/[^\s/]+:\d+$/.test(text.trim()) ? text.trim() : undefined;
}
