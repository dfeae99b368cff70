import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FileStorage, storageFromConfig } from '../../lib/storage.ts';
import { required } from '../../testing/required.ts';
import { type RunningS3, startS3rver } from '../../testing/s3rver.ts';
import { freshDataDir, killServers, startServer, stopServer } from '../../testing/server-process.ts';
import {
  createTestApp,
  openPostgresTestDatabase,
  postgresAnswers,
  type TestApp,
} from '../../testing/test-app.ts';
import { writeBackupFile } from './archive.ts';
import { restoreBackup } from './restore.ts';

const postgresUp = await postgresAnswers();

describe('uploads in S3-compatible storage (s3rver on 127.0.0.1)', () => {
  let s3: RunningS3;
  let env: Record<string, string>;
  beforeAll(async () => {
    s3 = await startS3rver(['site-uploads']);
    env = { S3_BUCKET: 'site-uploads', ...s3.env };
  });
  afterAll(() => s3?.close());

  it.runIf(required('PostgreSQL', postgresUp))(
    'two app instances on one PostgreSQL: an upload through one is served by the other, and backups hold it',
    async () => {
      const database = await openPostgresTestDatabase();
      let first: TestApp | undefined;
      let second: TestApp | undefined;
      try {
        first = await createTestApp({ seed: false, databaseUrl: database.url, env });
        second = await createTestApp({ seed: false, databaseUrl: database.url, env });
        const admin = await first.signIn('admin');
        const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#cc6633' } })
          .png()
          .toBuffer();
        const upload = await first.upload(admin, png);
        expect(upload.statusCode, upload.body).toBe(201);
        const url = upload.json().url as string;
        expect(url).toMatch(/^\/uploads\/r[0-9a-f]{32}-w\d+\.webp$/);
        // Nothing on either process's disk: the bytes are in the bucket.
        expect(() => readFileSync(join(first?.config.DATA_DIR ?? '', 'uploads', url.slice(9)))).toThrow();

        const served = await second.app.inject({ method: 'GET', url });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe('image/webp');
        expect(served.headers['x-content-type-options']).toBe('nosniff');
        expect(served.headers['content-security-policy']).toContain('sandbox');
        expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect((await sharp(served.rawPayload).metadata()).width).toBe(64);
        const avif = await second.app.inject({ method: 'GET', url: url.replace('.webp', '.avif') });
        expect(avif.statusCode).toBe(200);
        expect(avif.headers['content-type']).toBe('image/avif');
        for (const missing of [
          '/uploads/r00000000000000000000000000000000.webp',
          '/uploads/..%2Fsecret',
          '/uploads/x.svg',
        ]) {
          expect((await second.app.inject({ method: 'GET', url: missing })).statusCode, missing).toBe(404);
        }

        // A backup made through the second process holds the upload the first one took ...
        const storage: FileStorage = await storageFromConfig(second.config);
        const archive = join(mkdtempSync(join(tmpdir(), 'portfolio-s3-backup-')), 'site.gz');
        const summary = await writeBackupFile(second.database.db, storage, archive);
        expect(summary.uploads).toBe(2); // the 64 px WebP and its AVIF: no sizes wider than it
        const text = gunzipSync(readFileSync(archive)).toString('utf8');
        expect(text).toContain(`"upload":"${url.slice(9)}"`);

        // ... and restores into a site on disk, where the same address serves the same bytes.
        const uploadDir = join(mkdtempSync(join(tmpdir(), 'portfolio-s3-disk-')), 'uploads');
        const onDisk = await createTestApp({ seed: false, env: { UPLOAD_DIR: uploadDir } });
        try {
          await restoreBackup(onDisk.database.db, await storageFromConfig(onDisk.config), archive);
          const again = await onDisk.app.inject({ method: 'GET', url });
          expect(again.statusCode).toBe(200);
          expect(again.rawPayload).toEqual(served.rawPayload);
        } finally {
          await onDisk.close();
        }
        storage.close?.();
      } finally {
        await first?.app.close();
        await second?.app.close();
        await database.close();
      }
    },
    60_000,
  );

  it.runIf(required('PostgreSQL', postgresUp))(
    'two server processes on one PostgreSQL and one bucket: an image uploaded through one is served by the other',
    async () => {
      const database = await openPostgresTestDatabase();
      try {
        if (!database.url) throw new Error('the test database has no address');
        const shared = {
          ...env,
          DATABASE_URL: database.url,
          ADMIN_USERNAME: 'owner',
          ADMIN_PASSWORD: 'owner-password-123',
        };
        // One after the other: the first migrates and seeds the empty database.
        const one = await startServer({ ...shared, DATA_DIR: freshDataDir() });
        const two = await startServer({ ...shared, DATA_DIR: freshDataDir() });
        const login = await fetch(`${one.url}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'owner', password: 'owner-password-123' }),
        });
        expect(login.status, await login.clone().text()).toBe(200);
        const cookie = login.headers
          .getSetCookie()
          .map((line) => line.split(';')[0])
          .join('; ');
        const png = await sharp({ create: { width: 72, height: 40, channels: 3, background: '#3366cc' } })
          .png()
          .toBuffer();
        const form = new FormData();
        form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'cover.png');
        const upload = await fetch(`${one.url}/api/upload`, {
          method: 'POST',
          headers: { cookie },
          body: form,
        });
        expect(upload.status, await upload.clone().text()).toBe(201);
        const { url } = (await upload.json()) as { url: string };

        const fromTwo = await fetch(`${two.url}${url}`);
        expect(fromTwo.status).toBe(200);
        expect(fromTwo.headers.get('content-type')).toBe('image/webp');
        const bytes = Buffer.from(await fromTwo.arrayBuffer());
        expect((await sharp(bytes).metadata()).width).toBe(72);
        expect(Buffer.from(await (await fetch(`${one.url}${url}`)).arrayBuffer())).toEqual(bytes);
        expect(await stopServer(two)).toBe(0);
        expect(await stopServer(one)).toBe(0);
      } finally {
        killServers();
        await database.close();
      }
    },
    120_000,
  );

  it('lists, reads and puts back objects under the prefix, refusing names the site never makes', async () => {
    const storage = await storageFromConfig({
      DATA_DIR: tmpdir(),
      S3_BUCKET: env.S3_BUCKET,
      S3_ENDPOINT: env.S3_ENDPOINT,
      S3_ACCESS_KEY_ID: env.S3_ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: env.S3_SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: true,
      S3_REGION: 'us-east-1',
      S3_PREFIX: 'another-site/',
    });
    try {
      expect(storage.kind).toBe('s3');
      expect(await storage.list()).toEqual([]);
      const url = await storage.save(Buffer.from('RIFF....WEBP'), 'webp');
      const name = url.slice('/uploads/'.length);
      expect(await storage.list()).toEqual([name]);
      expect((await storage.read(name)).toString()).toBe('RIFF....WEBP');
      await storage.restore('0123456789abcdef0123456789abcdef.png', Buffer.from('png bytes'));
      expect(await storage.list()).toEqual(['0123456789abcdef0123456789abcdef.png', name].sort());
      await expect(storage.restore('../escape.png', Buffer.from('x'))).rejects.toThrow(
        /refusing upload name/,
      );
      expect(await storage.open?.('ffffffffffffffffffffffffffffffff.webp')).toBeNull();
    } finally {
      storage.close?.();
    }
  });
});
