/**
 * Images in emails (issue 45, point 13): an issue's image is sent as a JPEG (a PNG when it has
 * transparency) that another origin may load, with its width and height in the `<img>`; the
 * page of the issue keeps the site's own WebP.
 */
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { freshIp, signedInTestApp } from '../../testing/test-app.ts';
import { EMAIL_IMAGE_WIDTH } from './email-images.ts';

const SITE = 'https://jordan.example';
const { t, admin } = await signedInTestApp({ seed: false, env: { PUBLIC_URL: SITE } });
afterAll(() => t.close());

const photo = (width: number, height: number, alpha: boolean) =>
  sharp({
    create: {
      width,
      height,
      channels: alpha ? 4 : 3,
      background: alpha ? { r: 30, g: 90, b: 160, alpha: 0.5 } : { r: 200, g: 120, b: 40 },
    },
  })
    .png()
    .toBuffer();

async function uploaded(width: number, height: number, alpha = false): Promise<string> {
  const res = await t.upload(admin, await photo(width, height, alpha), 'shop.png', 'image/png');
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { url: string }).url;
}

/** The owner's preview of an issue: the real email's HTML. */
async function emailOf(body: string): Promise<string> {
  const draft = await t.app.inject({
    method: 'POST',
    url: '/api/admin/newsletter/issues',
    headers: { cookie: admin },
    payload: { subject: 'Workshop photos', body },
  });
  expect(draft.statusCode, draft.body).toBe(201);
  const preview = await t.app.inject({
    url: `/api/admin/newsletter/issues/${draft.json().id}/preview`,
    headers: { cookie: admin },
  });
  expect(preview.statusCode).toBe(200);
  return preview.body;
}

const imagesIn = (html: string) => [...html.matchAll(/<img\b[^>]*>/g)].map(([tag]) => tag);
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

describe("an issue's images in its email", () => {
  it('are JPEG or PNG that webmail may load, each with its width and height', async () => {
    const wide = await uploaded(1600, 900);
    const badge = await uploaded(300, 300, true);
    const html = await emailOf(
      `A photo of the bench:\n\n![The bench](${wide})\n\nAnd a badge: ![Badge](${badge})`,
    );
    expect(html).not.toContain('/uploads/');
    const [bench, logo] = imagesIn(html).filter((tag) => /email-images/.test(tag));
    expect(attribute(bench ?? '', 'src')).toMatch(
      /^https:\/\/jordan\.example\/email-images\/r[0-9a-f]{32}-w\d+\.jpg$/,
    );
    expect(attribute(bench ?? '', 'alt')).toBe('The bench');
    // The content column is 600 wide: the wide photo at 600, its height in proportion.
    const width = Number(attribute(bench ?? '', 'width'));
    const height = Number(attribute(bench ?? '', 'height'));
    expect(width).toBe(EMAIL_IMAGE_WIDTH);
    expect(height).toBeGreaterThan(0);
    expect(Math.abs(width / height - 1600 / 900)).toBeLessThan(0.02);
    // A transparent image stays transparent: PNG, at its own size.
    expect(attribute(logo ?? '', 'src')).toMatch(/\/email-images\/r[0-9a-f]{32}-w\d+\.png$/);
    expect([attribute(logo ?? '', 'width'), attribute(logo ?? '', 'height')]).toEqual(['300', '300']);

    // Loaded by a webmail page on another origin.
    const jpeg = await t.app.inject({
      url: new URL(attribute(bench ?? '', 'src') ?? '').pathname,
      headers: { origin: 'https://mail.example', 'sec-fetch-site': 'cross-site' },
      remoteAddress: freshIp(),
    });
    expect(jpeg.statusCode).toBe(200);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(jpeg.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(jpeg.headers['x-content-type-options']).toBe('nosniff');
    const seen = await sharp(jpeg.rawPayload).metadata();
    expect(seen.format).toBe('jpeg');
    expect(seen.width).toBeLessThanOrEqual(EMAIL_IMAGE_WIDTH * 2);
    const png = await t.app.inject(new URL(attribute(logo ?? '', 'src') ?? '').pathname);
    expect(png.headers['content-type']).toBe('image/png');
    expect((await sharp(png.rawPayload).metadata()).hasAlpha).toBe(true);

    // The site's own uploads stay for the site alone.
    expect((await t.app.inject(wide)).headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('answers 404 for any other name, never a 5xx', async () => {
    for (const name of ['0123456789abcdef0123456789abcdef.jpg', 'x.jpg', '..%2Fsecret.jpg', 'a'.repeat(80)]) {
      const res = await t.app.inject({ url: `/email-images/${name}`, remoteAddress: freshIp() });
      expect(res.statusCode, name).toBe(404);
    }
  });
});
