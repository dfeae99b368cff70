/**
 * Backups off the machine (issue 66, point 4): a copy of each daily backup in an S3-compatible
 * bucket (BACKUP_S3_BUCKET, on the service and with the credentials of the S3_ settings), kept by
 * days and weeks (`retained`), and fetched back for `npm run restore -- --from-bucket`.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import type { Config } from '../../config.ts';
import { objectNames, type S3Settings, s3Client } from '../../lib/s3-storage.ts';
import { BACKUP_NAME } from './service.ts';

/** How many backups the bucket keeps: the newest of each of the last `daily` days and `weekly` weeks. */
export interface Retention {
  daily: number;
  weekly: number;
}

/** The ISO week (Monday first) a backup's UTC day falls in, as the date of its Monday. */
function weekOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

/**
 * The backups to keep among `names` (backup file names, any order): the newest of each of the
 * `daily` most recent days that have one, and the newest of each of the `weekly` most recent weeks
 * that have one. A day's or a week's newest is kept once however many rules keep it.
 */
export function retained(names: readonly string[], { daily, weekly }: Retention): Set<string> {
  const newestFirst = [...names]
    .filter((name) => BACKUP_NAME.test(name))
    .sort()
    .reverse();
  const keep = new Set<string>();
  const newestOf = (period: (name: string) => string, count: number) => {
    const seen = new Set<string>();
    for (const name of newestFirst) {
      const key = period(name);
      if (seen.has(key)) continue;
      if (seen.size === count) break;
      seen.add(key);
      keep.add(name);
    }
  };
  const day = (name: string) => name.slice('portfolio-backup-'.length, 'portfolio-backup-'.length + 10);
  newestOf(day, daily);
  newestOf((name) => weekOf(day(name)), weekly);
  return keep;
}

export function backupBucket(settings: S3Settings) {
  const client = s3Client(settings);
  const key = (name: string) => `${settings.prefix}${name}`;
  const checked = (name: string) => {
    if (!BACKUP_NAME.test(name)) throw new Error(`not a backup's name: ${JSON.stringify(name)}`);
    return name;
  };

  /** The backups in the bucket, newest first. */
  const list = async () => (await objectNames(client, settings, BACKUP_NAME)).reverse();

  return {
    bucket: settings.bucket,
    list,
    /** Copies the backup file at `path` into the bucket under its name. */
    async put(name: string, path: string) {
      await client.send(
        new PutObjectCommand({
          Bucket: settings.bucket,
          Key: key(checked(name)),
          Body: createReadStream(path),
          ContentLength: (await stat(path)).size,
          ContentType: 'application/gzip',
        }),
      );
    },
    /** Writes the bucket's backup `name` to `path`. */
    async get(name: string, path: string) {
      const object = await client.send(
        new GetObjectCommand({ Bucket: settings.bucket, Key: key(checked(name)) }),
      );
      if (!object.Body) throw new Error(`the bucket's ${name} is empty`);
      await pipeline(object.Body as Readable, createWriteStream(path, { mode: 0o600 }));
    },
    /** Removes what `retention` does not keep; returns the names removed. */
    async prune(retention: Retention): Promise<string[]> {
      const names = await list();
      const keep = retained(names, retention);
      const old = names.filter((name) => !keep.has(name));
      // One at a time: a day's prune removes one or two, and every S3-compatible service has it.
      for (const name of old)
        await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: key(name) }));
      return old;
    },
    close: () => client.destroy(),
  };
}

export type BackupBucket = ReturnType<typeof backupBucket>;

/** The backups' bucket the configuration names (BACKUP_S3_BUCKET on the S3_ service), if any. */
export function bucketFromConfig(config: Config): BackupBucket | undefined {
  if (!config.BACKUP_S3_BUCKET) return undefined;
  return backupBucket({
    bucket: config.BACKUP_S3_BUCKET,
    prefix: config.BACKUP_S3_PREFIX,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
}
