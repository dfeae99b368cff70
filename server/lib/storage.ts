/**
 * Where uploaded files live. Local disk (UPLOAD_DIR, default DATA_DIR/uploads)
 * behind an interface, so S3-compatible storage can replace it when the site
 * runs on several machines. Names are always chosen here, never by the client.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

export interface FileStorage {
  /** Stores bytes under a new random name with this extension; returns its public URL path. */
  save(bytes: Buffer, extension: string): Promise<string>;
  /**
   * Stores related files under one new random name, `r<name><suffix>` each (an image and its
   * smaller sizes: '.webp', '-480.avif', ...); returns their public URL paths in the same order.
   */
  saveSet(files: ReadonlyArray<{ suffix: string; bytes: Buffer }>): Promise<string[]>;
  /** Every stored file's name (what follows /uploads/), for backups. */
  list(): Promise<string[]>;
  /** A stored file's bytes. */
  read(name: string): Promise<Buffer>;
  /** Puts a file back under its own name (restoring a backup); the name is checked here. */
  restore(name: string, bytes: Buffer): Promise<void>;
  /** 'disk': files in `directory`, served from there; 's3': objects the site reads with `open`. */
  readonly kind: 'disk' | 's3';
  /** The folder served at /uploads/, for storage on disk. */
  readonly directory?: string;
  /** A stored file's bytes, or null when there is none (what /uploads/ serves from S3). */
  open?(name: string): Promise<Buffer | null>;
  /** Lets go of connections. */
  close?(): void;
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  avif: 'image/avif',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

/** The content type a stored name is served with. */
export function contentTypeOf(name: string): string {
  return CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

/** A name this storage could have given: what a backup may bring back. */
export const UPLOAD_NAME = /^r?[0-9a-f]{32}((-\d{2,4}|-w\d{1,4})?\.(webp|avif)|\.[a-z0-9]{2,5})$/;

function checkedName(name: string): string {
  if (!UPLOAD_NAME.test(name)) throw new Error(`refusing upload name ${JSON.stringify(name)}`);
  return name;
}

/** What a file of a set may add to its name: a smaller size or the image's own width, and a format. */
export const SET_SUFFIX = /^(-\d{2,4}|-w\d{1,4})?\.(webp|avif)$/;

export function localStorage(directory: string): FileStorage {
  const root = resolve(directory);
  return {
    kind: 'disk',
    directory: root,
    async save(bytes, extension) {
      if (!/^[a-z0-9]{2,5}$/.test(extension)) throw new Error(`refusing extension ${extension}`);
      await mkdir(root, { recursive: true });
      const name = `${randomBytes(16).toString('hex')}.${extension}`;
      // 'wx': never overwrite, even on the astronomically unlikely name clash.
      await writeFile(join(root, name), bytes, { flag: 'wx', mode: 0o644 });
      return `/uploads/${name}`;
    },
    async saveSet(files) {
      for (const { suffix } of files) {
        if (!SET_SUFFIX.test(suffix)) throw new Error(`refusing suffix ${suffix}`);
      }
      await mkdir(root, { recursive: true });
      const name = `r${randomBytes(16).toString('hex')}`;
      const urls: string[] = [];
      for (const { suffix, bytes } of files) {
        await writeFile(join(root, name + suffix), bytes, { flag: 'wx', mode: 0o644 });
        urls.push(`/uploads/${name}${suffix}`);
      }
      return urls;
    },
    async list() {
      const names = await readdir(root).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [] as string[];
        throw error;
      });
      return names.filter((name) => UPLOAD_NAME.test(name)).sort();
    },
    read: (name) => readFile(join(root, checkedName(name))),
    async restore(name, bytes) {
      await mkdir(root, { recursive: true });
      await writeFile(join(root, checkedName(name)), bytes, { mode: 0o644 });
    },
  };
}

/** Where uploads live: the S3 bucket when S3_BUCKET is set, otherwise UPLOAD_DIR on disk. */
export async function storageFromConfig(config: {
  DATA_DIR: string;
  UPLOAD_DIR?: string | undefined;
  S3_BUCKET?: string | undefined;
  S3_REGION: string;
  S3_ENDPOINT?: string | undefined;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  S3_FORCE_PATH_STYLE: boolean;
  S3_PREFIX: string;
}): Promise<FileStorage> {
  if (!config.S3_BUCKET) return localStorage(config.UPLOAD_DIR ?? join(config.DATA_DIR, 'uploads'));
  // Loaded only when used: the SDK is large, and a site on disk never needs it.
  const { s3Storage } = await import('./s3-storage.ts');
  return s3Storage({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    prefix: config.S3_PREFIX,
  });
}
