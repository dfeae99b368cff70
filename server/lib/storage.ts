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
  /** The folder served at /uploads/, for local storage. */
  readonly directory: string;
}

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
  };
}
