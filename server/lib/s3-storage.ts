/**
 * Uploads in S3-compatible object storage (AWS S3, Cloudflare R2, MinIO, Backblaze B2...)
 * through the AWS SDK v3, so several app processes behind a load balancer serve the same
 * files. Objects are named like the disk's files under a prefix (`uploads/` by default); the
 * site serves them at /uploads/ itself, so the bucket stays private.
 */
import { randomBytes } from 'node:crypto';
import {
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { contentTypeOf, type FileStorage, SET_SUFFIX, UPLOAD_NAME } from './storage.ts';

export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible service's address; unset for AWS itself. */
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** Address buckets as endpoint/bucket (most S3-compatible services want this). */
  forcePathStyle: boolean;
  /** Prepended to every object's name. */
  prefix: string;
}

/** The site's one way of making an S3 client (uploads, backups): the service, region and credentials. */
export function s3Client(settings: Omit<S3Settings, 'bucket' | 'prefix'>): S3Client {
  return new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    // Checksums only where S3 requires them: S3-compatible services do not all read the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** The names (what follows `prefix`) of every object under `prefix` that `named` accepts, page by page. */
export async function objectNames(
  client: S3Client,
  { bucket, prefix }: Pick<S3Settings, 'bucket' | 'prefix'>,
  named: RegExp,
): Promise<string[]> {
  const names: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
    );
    for (const object of page.Contents ?? []) {
      const name = object.Key?.slice(prefix.length) ?? '';
      if (named.test(name)) names.push(name);
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return names.sort();
}

export function s3Storage(settings: S3Settings): FileStorage {
  const client = s3Client(settings);
  const key = (name: string) => `${settings.prefix}${name}`;
  const put = (name: string, bytes: Buffer) =>
    client.send(
      new PutObjectCommand({
        Bucket: settings.bucket,
        Key: key(name),
        Body: bytes,
        ContentType: contentTypeOf(name),
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  const checked = (name: string) => {
    if (!UPLOAD_NAME.test(name)) throw new Error(`refusing upload name ${JSON.stringify(name)}`);
    return name;
  };

  async function open(name: string): Promise<Buffer | null> {
    try {
      const object = await client.send(
        new GetObjectCommand({ Bucket: settings.bucket, Key: key(checked(name)) }),
      );
      return Buffer.from((await object.Body?.transformToByteArray()) ?? new Uint8Array());
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
      throw error;
    }
  }

  return {
    kind: 's3',
    async save(bytes, extension) {
      if (!/^[a-z0-9]{2,5}$/.test(extension)) throw new Error(`refusing extension ${extension}`);
      const name = `${randomBytes(16).toString('hex')}.${extension}`;
      await put(name, bytes);
      return `/uploads/${name}`;
    },
    async saveSet(files) {
      for (const { suffix } of files) {
        if (!SET_SUFFIX.test(suffix)) throw new Error(`refusing suffix ${suffix}`);
      }
      const name = `r${randomBytes(16).toString('hex')}`;
      const urls: string[] = [];
      for (const { suffix, bytes } of files) {
        await put(name + suffix, bytes);
        urls.push(`/uploads/${name}${suffix}`);
      }
      return urls;
    },
    list: () => objectNames(client, settings, UPLOAD_NAME),
    async read(name) {
      const found = await open(name);
      if (!found) throw Object.assign(new Error(`no upload ${name}`), { code: 'ENOENT' });
      return found;
    },
    open,
    async restore(name, bytes) {
      await put(checked(name), bytes);
    },
    close: () => client.destroy(),
  };
}
