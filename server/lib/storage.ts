/**
 * Where uploaded files live. Local disk (UPLOAD_DIR, default DATA_DIR/uploads)
 * behind an interface, so S3-compatible storage can replace it when the site
 * runs on several machines. Names are always chosen here, never by the client.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

export interface FileStorage {
  /** Stores bytes under a new random name with this extension; returns its public URL path. */
  save(bytes: Buffer, extension: string): Promise<string>;
  /**
   * Stores related files under one new random name, `r<name><suffix>` each (an image and its
   * smaller sizes: '.webp', '-480.avif', ...); returns their public URL paths in the same order.
   */
  saveSet(files: ReadonlyArray<{ suffix: string; bytes: Buffer }>): Promise<string[]>;
  /** The folder served at /uploads/, for local storage. */
  readonly directory: string;
}

/** What a file of a set may add to its name: a width and an image format. */
const SET_SUFFIX = /^(-\d{2,4})?\.(webp|avif)$/;

export function localStorage(directory: string): FileStorage {
  const root = resolve(directory);
  return {
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
  };
}
