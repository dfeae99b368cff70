import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Handler } from '../../plugins/web.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { drawShareImage, type ShareCard, shareImageStore } from './share-image.ts';

const card: ShareCard = {
  title: 'Transponder Keys Explained',
  description: 'What programming a car key really means, and why a cut key alone will not start the engine.',
  label: 'Blog post',
  ownerName: 'Jordan Ellis',
  ownerTitle: 'Full-Stack Developer & Entrepreneur',
  host: 'jordan.example',
};

/** A stand-in for the web app: pages whose title the test changes, and a missing one. */
const titles = new Map<string, string>([['/blog/a-post', 'A Post &amp; its &quot;title&quot;']]);
const handler: Handler = async (request) => {
  const { pathname } = new URL(request.url);
  const title = titles.get(pathname);
  if (!title) return new Response('<!doctype html><title>Not found</title>', { status: 404 });
  return new Response(
    `<!doctype html><html><head><meta property="og:title" content="${title} | Jordan Ellis"/><meta property="og:description" content="About the post."/></head><body></body></html>`,
    { headers: { 'content-type': 'text/html; charset=utf-8' } },
  );
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ web: { mode: 'build', handler } });
});
afterAll(() => t.close());

describe('drawShareImage', () => {
  it('draws a 1200 x 630 PNG', async () => {
    const png = await drawShareImage(card);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
    // Not a blank card: the text is drawn in light ink on the dark ground.
    const stats = await sharp(png).stats();
    expect(stats.channels[0]?.max).toBeGreaterThan(200);
    expect(stats.channels[0]?.min).toBeLessThan(40);
  });
});

describe('shareImageStore', () => {
  it('draws each text once, and keeps it across a restart', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'share-images-'));
    let draws = 0;
    const draw = async (input: ShareCard) => {
      draws++;
      return Buffer.from(input.title);
    };
    const store = shareImageStore(folder, draw);
    const [a, b] = await Promise.all([store.get(card), store.get(card)]);
    expect(a.equals(b)).toBe(true);
    await store.get(card);
    expect(draws).toBe(1);
    await store.get({ ...card, title: 'Another title' });
    expect(draws).toBe(2);
    const restarted = shareImageStore(folder, draw);
    expect((await restarted.get(card)).toString()).toBe(card.title);
    expect(draws).toBe(2);
  });
});

describe('GET /og/<page>.png', () => {
  it("answers a page's card as PNG, drawn once until its text changes", async () => {
    const first = await t.app.inject('/og/blog/a-post.png?v=abc');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.headers['cache-control']).toBe('public, max-age=86400, stale-while-revalidate=86400');
    const meta = await sharp(first.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);
    const again = await t.app.inject('/og/blog/a-post.png?v=abc');
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    titles.set('/blog/a-post', 'A renamed post');
    t.app.readCache.invalidate('blog:');
    const renamed = await t.app.inject('/og/blog/a-post.png?v=def');
    expect(renamed.statusCode).toBe(200);
    expect(renamed.rawPayload.equals(first.rawPayload)).toBe(false);
  });

  it('has no image for a page that does not exist or a name that is no page', async () => {
    for (const url of [
      '/og/blog/no-such-post.png',
      '/og/..%2Fetc.png',
      '/og/blog//x.png',
      '/og/a.svg',
      '/og/.png',
    ]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
    }
  });
});
