/**
 * Backups off the machine (issue 66, point 4), against s3rver on 127.0.0.1 (an S3 written without
 * the AWS SDK): the daily job copies each backup to the bucket and keeps 7 days and 4 weeks there,
 * a copy that failed is made on the next look, and `npm run restore -- --from-bucket` brings the
 * newest back into an empty site.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { localStorage } from '../../lib/storage.ts';
import { projectRoot } from '../../paths.ts';
import { type RunningS3, startS3rver } from '../../testing/s3rver.ts';
import { openTestDatabase } from '../../testing/test-app.ts';
import { bucketFromConfig, retained } from './bucket.ts';
import { backupName, createBackupService } from './service.ts';

const exec = promisify(execFile);
const DAY = 24 * 60 * 60 * 1000;

describe('which backups the bucket keeps', () => {
  const named = (iso: string) => backupName(new Date(iso));

  it('the newest of each of the last 7 days with a backup, and of each of the last 4 weeks', () => {
    // One backup a day from Monday 2026-10-05 to Sunday 2026-11-29, two on the last day.
    const names = Array.from({ length: 56 }, (_, i) =>
      named(new Date(Date.UTC(2026, 9, 5 + i, 3)).toISOString()),
    );
    names.push(named('2026-11-29T21:00:00Z'));
    const keep = [...retained(names, { daily: 7, weekly: 4 })].sort();
    expect(keep).toEqual([
      // The three weeks before the last one: their Sundays' backups.
      named('2026-11-08T03:00:00Z'),
      named('2026-11-15T03:00:00Z'),
      named('2026-11-22T03:00:00Z'),
      // The last 7 days (the last week's newest is the last day's).
      named('2026-11-23T03:00:00Z'),
      named('2026-11-24T03:00:00Z'),
      named('2026-11-25T03:00:00Z'),
      named('2026-11-26T03:00:00Z'),
      named('2026-11-27T03:00:00Z'),
      named('2026-11-28T03:00:00Z'),
      named('2026-11-29T21:00:00Z'),
    ]);
  });

  it('keeps everything while there are fewer, and ignores what is not a backup', () => {
    const names = [named('2026-11-28T03:00:00Z'), named('2026-11-29T03:00:00Z'), 'notes.txt'];
    expect([...retained(names, { daily: 7, weekly: 4 })].sort()).toEqual(names.slice(0, 2));
  });
});

describe('the daily backup, copied to an S3-compatible bucket (s3rver)', () => {
  let s3: RunningS3;
  let env: Record<string, string>;
  beforeAll(async () => {
    s3 = await startS3rver(['site-backups']);
    env = { BACKUP_S3_BUCKET: 'site-backups', ...s3.env };
  });
  afterAll(() => s3?.close());

  it('copies each day’s backup, keeps 7 days and 4 weeks there, and makes a failed copy on the next look', async () => {
    const config = loadConfig({
      ...env,
      BACKUP_S3_PREFIX: 'daily/',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'portfolio-')),
    });
    const store = bucketFromConfig(config);
    if (!store) throw new Error('no bucket');
    const database = await openTestDatabase();
    const directory = mkdtempSync(join(tmpdir(), 'portfolio-backups-'));
    let now = new Date('2026-10-05T03:00:00Z');
    let failNext = false;
    const backups = createBackupService({
      db: database.db,
      storage: localStorage(mkdtempSync(join(tmpdir(), 'portfolio-uploads-'))),
      directory,
      keep: 7,
      bucket: {
        store: {
          list: () => store.list(),
          prune: (retention) => store.prune(retention),
          put: async (name, path) => {
            if (failNext) {
              failNext = false;
              throw new Error('the bucket did not answer');
            }
            await store.put(name, path);
          },
        },
        retention: { daily: 7, weekly: 4 },
      },
      now: () => now,
    });
    try {
      const written: string[] = [];
      for (let day = 0; day < 40; day++) {
        expect(await backups.runDaily()).toBe(true);
        written.push(backupName(now));
        // An hourly look the same day writes nothing and copies nothing again.
        now = new Date(now.getTime() + 60 * 60 * 1000);
        expect(await backups.runDaily()).toBe(false);
        now = new Date(now.getTime() + DAY - 60 * 60 * 1000);
      }
      const inBucket = await store.list();
      expect([...inBucket].sort()).toEqual([...retained(written, { daily: 7, weekly: 4 })].sort());
      // 40 days from a Monday to a Friday: the last 7 days, and the Sundays of the two weeks before.
      expect(inBucket).toHaveLength(9);
      // This machine keeps its own 7.
      expect(readdirSync(directory)).toHaveLength(7);

      // The bucket is down at the day's backup: written here, copied an hour later.
      failNext = true;
      await expect(backups.runDaily()).rejects.toThrow('the bucket did not answer');
      const today = backupName(now);
      expect(readdirSync(directory)).toContain(today);
      expect(await store.list()).not.toContain(today);
      now = new Date(now.getTime() + 60 * 60 * 1000);
      expect(await backups.runDaily()).toBe(false);
      expect((await store.list())[0]).toBe(today);
    } finally {
      store.close();
      await database.close();
    }
  }, 120_000);

  it('npm run restore -- --from-bucket brings the newest backup back into an empty site', async () => {
    const site = mkdtempSync(join(tmpdir(), 'portfolio-site-'));
    const config = loadConfig({ ...env, DATA_DIR: site });
    const store = bucketFromConfig(config);
    if (!store) throw new Error('no bucket');
    // A site with a row the restore must bring back, backed up by its daily job into the bucket.
    const database = await openDatabase({ kind: 'pglite', dataDir: site });
    await database.db.execute("insert into app_meta (key, value) values ('restored-from', 'the bucket')");
    const backups = createBackupService({
      db: database.db,
      storage: localStorage(join(site, 'uploads')),
      directory: join(site, 'backups'),
      keep: 7,
      bucket: { store, retention: { daily: 7, weekly: 4 } },
    });
    await backups.runDaily();
    await database.close();
    const [newest] = await store.list();
    store.close();

    const fresh = mkdtempSync(join(tmpdir(), 'portfolio-fresh-'));
    const { stdout } = await exec(
      process.execPath,
      ['--import', 'tsx', 'scripts/restore.ts', '--from-bucket'],
      {
        cwd: projectRoot,
        // Its download goes where this run's temporary folders go (vitest.global-setup.ts).
        env: { PATH: process.env.PATH, TMPDIR: tmpdir(), ...env, DATA_DIR: fresh },
      },
    );
    expect(stdout).toContain(`Restored ${join(tmpdir(), 'portfolio-restore-')}`);
    expect(stdout).toContain(newest ?? 'no backup');
    const copy = await openDatabase({ kind: 'pglite', dataDir: fresh });
    const rows = await copy.db.execute("select value from app_meta where key = 'restored-from'");
    expect((rows as unknown as { rows: { value: string }[] }).rows).toEqual([{ value: 'the bucket' }]);
    await copy.close();
  }, 120_000);
});
