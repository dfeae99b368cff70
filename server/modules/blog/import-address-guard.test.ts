/**
 * The importer with its default guard (issue 45): an image on this machine, however its address
 * is spelled or wherever a redirect leads, is never fetched and never becomes a public upload,
 * and the report says the same of every such address.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { count } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appMeta } from '../../db/schema.ts';
import { httpImages, NOT_PUBLIC } from '../../lib/outbound.ts';
import { multipartFile } from '../../testing/multipart.ts';
import { signedInTestApp } from '../../testing/test-app.ts';

/** An "image host" on this machine's loopback: what an attacker would have the server read. */
let imageHost: Server;
let port = 0;
const served: string[] = [];
beforeAll(async () => {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#aa0000' } })
    .png()
    .toBuffer();
  imageHost = createServer((request, response) => {
    served.push(request.url ?? '');
    if (request.url === '/hop') {
      response.writeHead(302, { location: `http://[::ffff:7f00:1]:${port}/x.png` }).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length }).end(png);
  });
  await new Promise<void>((resolve) => imageHost.listen(0, '127.0.0.1', resolve));
  port = (imageHost.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => imageHost.close(() => resolve())));

// The default guard; names resolve through a stand-in, so the machine's DNS is never asked.
const names: Record<string, string[]> = { 'images.rebind.test': ['127.0.0.1'] };
const { t, admin } = await signedInTestApp({
  seed: false,
  remoteImages: httpImages({ resolve: async (host) => names[host] ?? [], timeoutMs: 3_000 }),
});
afterAll(() => t.close());

describe('an import naming images on this machine', () => {
  it('fetches none of them, stores none, and reports each as not a public address', async () => {
    const addresses = [
      `http://[::ffff:127.0.0.1]:${port}/x.png`,
      `http://[::ffff:7f00:1]:${port}/x.png`,
      `http://[0:0:0:0:0:ffff:7f00:1]:${port}/x.png`,
      `http://[::ffff:0:0]:${port}/x.png`,
      `http://127.0.0.1:${port}/x.png`,
      `http://images.rebind.test:${port}/x.png`,
      'http://198.18.0.1/x.png',
      'http://192.0.0.1/x.png',
      // A closed port reads the same as an open one.
      'http://127.0.0.1:1/x.png',
    ];
    const body = `---\ntitle: Pictures from elsewhere\ndate: 2024-01-02\n---\n\nA post with pictures that live on other sites, long enough to be imported.\n\n${addresses.map((address, i) => `![Picture ${i}](${address})`).join('\n\n')}\n`;
    const { payload, headers } = multipartFile(
      'file',
      'blog.zip',
      'application/zip',
      zipSync({ 'posts/pictures.md': strToU8(body) }),
    );
    const keptBefore = (await t.database.db.select({ n: count() }).from(appMeta))[0]?.n;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/posts/import?dryRun=false',
      headers: { ...headers, cookie: admin },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const notes = (res.json().results as Array<{ notes: string[] }>)[0]?.notes ?? [];
    for (const address of addresses) {
      expect(notes, address).toContain(
        `the image ${address} could not be fetched (${NOT_PUBLIC}): left as a link`,
      );
    }
    expect(served).toEqual([]);
    // Nothing brought here: no upload recorded, and the post links to where each picture was.
    expect((await t.database.db.select({ n: count() }).from(appMeta))[0]?.n).toBe(keptBefore);
    const read = await t.app.inject('/api/blog/pictures');
    expect(read.statusCode, read.body).toBe(200);
    const post = read.json() as { contentHtml: string };
    expect(post.contentHtml).not.toContain('/uploads/');
  });
});
