import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responsiveSources } from '../../../common/responsive-image.ts';
import { multipartFile } from '../../testing/multipart.ts';
import { createTestApp, freshIp, type TestApp } from '../../testing/test-app.ts';
import { UNSUPPORTED_IMAGE, UNSUPPORTED_MEDIA } from './service.ts';

let t: TestApp;
let adminCookie: string;
let uploadDir: string;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  adminCookie = await t.signIn('admin');
  uploadDir = join(t.config.DATA_DIR, 'uploads');
});
afterAll(() => t.close());

const upload = (
  field: string,
  filename: string,
  contentType: string,
  bytes: Buffer,
  cookie = adminCookie,
) => {
  const { payload, headers } = multipartFile(field, filename, contentType, bytes);
  return t.app.inject({
    method: 'POST',
    url: '/api/upload',
    payload,
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
    remoteAddress: freshIp(),
  });
};
const filesOnDisk = () => readdirSync(uploadDir);

async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'secret-owner', Artist: 'Camera Person' }, IFD3: { GPSLatitudeRef: 'N' } })
    .toBuffer();
}
const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(24)]);

describe('POST /api/upload', () => {
  it('re-encodes an image to WebP without its metadata, under a random name, served safely', async () => {
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload('image', 'holiday photo.jpg', 'image/jpeg', original);
    expect(res.statusCode).toBe(201);
    const { url } = res.json();
    expect(url).toMatch(/^\/uploads\/r[0-9a-f]{32}-w\d+\.webp$/);

    const served = await t.app.inject(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 64, height: 48 });
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('secret-owner'))).toBe(false);
  });

  it('stores a photo under its width, with an AVIF of it and AVIF and WebP sizes narrower than it', async () => {
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c2410c' } })
      .jpeg()
      .toBuffer();
    const res = await upload('image', 'shop front.jpg', 'image/jpeg', photo);
    expect(res.statusCode).toBe(201);
    const { url } = res.json() as { url: string };
    const sources = responsiveSources(url);
    expect(sources).not.toBeNull();
    const expected: Array<[string, string, number]> = [];
    for (const [format, set] of Object.entries(sources ?? {})) {
      for (const entry of set.split(', ')) {
        const [path = '', width = ''] = entry.split(' ');
        expected.push([path, format, Number.parseInt(width, 10)]);
      }
    }
    // 480 and 960, and the photo's own 1200: no copy of it named 1600.
    expect(expected.map(([, format, width]) => `${format} ${width}`)).toEqual([
      'avif 480',
      'avif 960',
      'avif 1200',
      'webp 480',
      'webp 960',
      'webp 1200',
    ]);
    expect(url).toMatch(/-w1200\.webp$/);
    for (const [path, format, width] of expected) {
      const served = await t.app.inject(path);
      expect(served.statusCode, path).toBe(200);
      expect(served.headers['content-type'], path).toBe(`image/${format}`);
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format === 'heif' ? 'avif' : meta.format, path).toBe(format);
      expect(meta.width, path).toBe(width);
      expect(meta.height, path).toBe(Math.round((width * 800) / 1200));
    }
  });

  it('stores a small image twice (WebP and AVIF at its own width), not again under widths it lacks', async () => {
    const before = filesOnDisk();
    const small = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2f5d50' } })
      .png()
      .toBuffer();
    const res = await upload('image', 'badge.png', 'image/png', small);
    expect(res.statusCode).toBe(201);
    const { url } = res.json() as { url: string };
    expect(url).toMatch(/^\/uploads\/r[0-9a-f]{32}-w300\.webp$/);
    const name = url.replace('/uploads/', '').replace('.webp', '');
    expect(filesOnDisk().filter((file) => !before.includes(file))).toEqual([`${name}.avif`, `${name}.webp`]);
    const sources = responsiveSources(url);
    expect(sources).toEqual({ avif: `/uploads/${name}.avif 300w`, webp: `/uploads/${name}.webp 300w` });
    const avif = await t.app.inject(`/uploads/${name}.avif`);
    expect(avif.statusCode).toBe(200);
    expect((await sharp(avif.rawPayload).metadata()).width).toBe(300);
  });

  it('keeps an animated GIF one animated WebP, without sizes', async () => {
    const frame = { create: { width: 16, height: 16, channels: 4 as const, background: '#f2a541' } };
    const gif = await sharp([await sharp(frame).png().toBuffer(), await sharp(frame).png().toBuffer()], {
      join: { animated: true },
    })
      .gif()
      .toBuffer();
    const res = await upload('image', 'spinner.gif', 'image/gif', gif);
    expect(res.statusCode).toBe(201);
    expect(res.json().url).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    expect(responsiveSources(res.json().url)).toBeNull();
  });

  it('accepts an MP4 video as inline media, but not as a cover image', async () => {
    const media = await upload('media', 'demo.mp4', 'video/mp4', mp4);
    expect(media.statusCode).toBe(201);
    expect(media.json().url).toMatch(/^\/uploads\/[0-9a-f]{32}\.mp4$/);
    const cover = await upload('image', 'demo.mp4', 'video/mp4', mp4);
    expect(cover.statusCode).toBe(415);
    expect(cover.json().message).toBe(UNSUPPORTED_IMAGE);
  });

  it('rejects HTML renamed .png, SVG and text with 415, leaving nothing on disk', async () => {
    const before = filesOnDisk();
    const attacks: [string, string, string, Buffer][] = [
      ['image', 'evil.png', 'image/png', Buffer.from('<html><script>alert(1)</script></html>')],
      [
        'image',
        'logo.svg',
        'image/svg+xml',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      ],
      [
        'media',
        'logo.svg',
        'image/svg+xml',
        Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"></svg>'),
      ],
      ['media', 'notes.txt', 'text/plain', Buffer.from('just some text')],
    ];
    for (const [field, name, type, bytes] of attacks) {
      const res = await upload(field, name, type, bytes);
      expect(res.statusCode, name).toBe(415);
      expect(res.json().message).toBe(field === 'image' ? UNSUPPORTED_IMAGE : UNSUPPORTED_MEDIA);
    }
    expect(filesOnDisk()).toEqual(before);
  });

  it('rejects an image over 5 MB with 413, leaving nothing on disk', async () => {
    const before = filesOnDisk();
    const big = Buffer.concat([await jpegWithGps(), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload('image', 'big.jpg', 'image/jpeg', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The file is larger than 5 MB.');
    expect(filesOnDisk()).toEqual(before);
  });

  it('ignores the client’s file name, so ../ cannot leave the upload folder', async () => {
    const res = await upload(
      'image',
      '../../../etc/passwd.png',
      'image/png',
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().url).toMatch(/^\/uploads\/r[0-9a-f]{32}-w\d+\.webp$/);
    for (const url of [
      '/uploads/../package.json',
      '/uploads/%2e%2e/%2e%2e/package.json',
      '/uploads/..%2f..%2fpackage.json',
    ]) {
      const served = await t.app.inject(url);
      expect([403, 404], url).toContain(served.statusCode);
      expect(served.body).not.toContain('"dependencies"');
    }
  });

  it('answers 401 to a visitor, 403 to a user, and 400 for a wrong field or JSON', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect((await upload('image', 'a.png', 'image/png', png, '')).statusCode).toBe(401);
    expect((await upload('image', 'a.png', 'image/png', png, await t.signIn('user'))).statusCode).toBe(403);
    const wrongField = await upload('avatar', 'a.png', 'image/png', png);
    expect(wrongField.statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: { image: 'x' },
      headers: { cookie: adminCookie },
    });
    expect(json.statusCode).toBe(415);
  });
});
