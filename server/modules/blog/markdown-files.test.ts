import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { strToU8, unzipSync, zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appMeta, blogPosts } from '../../db/schema.ts';
import { multipartFile } from '../../testing/multipart.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

const LONG = 'This paragraph is long enough to be the body of a real post on the site, and then some.';

async function png(colour: string): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
      .png()
      .toBuffer(),
  );
}

/** A folder of posts as four generators write them, with their images. */
async function sampleFolder(): Promise<Record<string, Uint8Array>> {
  return {
    // Astro: pubDate, description, heroImage beside the post, an inline image in a subfolder.
    'src/content/blog/astro-post.md': strToU8(
      `---\ntitle: "Astro: a first post"\ndescription: "Written for Astro's content collections."\npubDate: 2024-03-01\nheroImage: ./hero.png\ntags: [astro, web]\n---\n\n${LONG}\n\n![A diagram](./img/diagram.png)\n`,
    ),
    'src/content/blog/hero.png': await png('#cc6633'),
    'src/content/blog/img/diagram.png': await png('#3366cc'),
    // Hugo: a page bundle (index.md), lastmod, categories, draft.
    // An image from the site's root is Hugo's static/ folder (the theme's copy further down is not
    // meant); a root path with no file among these stays as written.
    'content/posts/hugo-bundle/index.md': strToU8(
      `---\ntitle: Hugo in a bundle\ndate: 2023-11-05T10:00:00-05:00\nlastmod: 2023-12-01\ncategories: [hugo]\ndraft: true\nsummary: A Hugo page bundle that is still a draft.\n---\n${LONG}\n\n![Wiring](/images/wiring.png)\n\n![Our logo](/logo-60.png)\n`,
    ),
    'static/images/wiring.png': await png('#33cc66'),
    'themes/paper/static/images/wiring.png': await png('#999999'),
    // Jekyll: the date and the slug from the file name, tags as words.
    // Its cover named from the site's root, as Jekyll themes do.
    '_posts/2022-07-14-jekyll-days.markdown': strToU8(
      `---\nlayout: post\ntitle: Jekyll days\ntags: ruby static\nimage: /assets/img/jekyll-days.png\n---\n\n${LONG}\n`,
    ),
    'assets/img/jekyll-days.png': await png('#cc3366'),
    // Next.js (MDX): an explicit slug and an image on the web.
    'posts/next.mdx': strToU8(
      `---\ntitle: Next.js notes\nslug: next-notes\ndate: '2025-01-20'\nexcerpt: Notes from a Next.js blog.\ncoverImage: https://example.com/cover.jpg\n---\n\n${LONG}\n`,
    ),
    // What cannot be imported, each for a reason.
    'posts/no-front-matter.md': strToU8(`# Just a heading\n\n${LONG}\n`),
    'posts/bad-yaml.md': strToU8(`---\ntitle: [unclosed\n---\n\n${LONG}\n`),
    'posts/rooted-cover-missing.md': strToU8(
      `---\ntitle: A cover from the old site\nsummary: Its cover is not in the folder.\ncover: /assets/gone.png\n---\n\n${LONG}\n`,
    ),
    // A body under the editor's minimum: imported, as a draft.
    'posts/too-short.md': strToU8(
      '---\ntitle: Too short a post\nsummary: Its body is short.\n---\n\nHello.\n',
    ),
    'posts/missing-image.md': strToU8(
      `---\ntitle: A post without its image\nsummary: The image is not in the folder.\n---\n\n${LONG}\n\n![Gone](./gone.png)\n`,
    ),
    'posts/zz-same-slug.md': strToU8(
      `---\ntitle: The same slug again\nslug: next-notes\nsummary: A second file.\n---\n\n${LONG}\n`,
    ),
    'README.txt': strToU8('Not a post.'),
    // A site's repository zipped whole: what is in hidden folders and node_modules is not read.
    '.git/notes/draft.md': strToU8(`---\ntitle: A note in git\nsummary: Never a post.\n---\n\n${LONG}\n`),
    'node_modules/theme/README.md': strToU8(
      `---\ntitle: A theme's readme\nsummary: Never a post.\n---\n\n${LONG}\n`,
    ),
  };
}

describe('posts in and out as Markdown', () => {
  let t: TestApp;
  let admin: string;
  let folder: Record<string, Uint8Array>;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    admin = await t.signIn('admin');
    folder = await sampleFolder();
  });
  afterAll(() => t.close());

  const importZip = (files: Record<string, Uint8Array>, dryRun: boolean, cookie = admin, into = t) => {
    const { payload, headers } = multipartFile('file', 'posts.zip', 'application/zip', zipSync(files));
    return into.app.inject({
      method: 'POST',
      url: `/api/admin/posts/import?dryRun=${dryRun}`,
      headers: { ...headers, cookie },
      payload,
    });
  };
  const posts = () => t.database.db.select().from(blogPosts).orderBy(blogPosts.slug);
  const uploads = () => readdirSync(join(t.config.DATA_DIR, 'uploads')).length;

  it('a dry run lists what would be created or skipped and why, and writes nothing', async () => {
    const files = uploads();
    const res = await importZip(folder, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dryRun).toBe(true);
    expect(
      res
        .json()
        .results.map((r: { file: string; action: string; reason: string }) => [r.file, r.action, r.reason]),
    ).toEqual([
      ['_posts/2022-07-14-jekyll-days.markdown', 'create', 'new post'],
      ['content/posts/hugo-bundle/index.md', 'create', 'new draft'],
      ['posts/bad-yaml.md', 'skip', expect.stringMatching(/^its front matter is not readable YAML/)],
      ['posts/missing-image.md', 'skip', 'the image posts/gone.png is not among the files'],
      ['posts/next.mdx', 'create', 'new post'],
      ['posts/no-front-matter.md', 'skip', 'no front matter (--- at the top)'],
      ['posts/rooted-cover-missing.md', 'skip', 'the image /assets/gone.png is not among the files'],
      ['posts/too-short.md', 'create', 'new draft'],
      ['posts/zz-same-slug.md', 'skip', 'another file has the slug next-notes'],
      ['src/content/blog/astro-post.md', 'create', 'new post'],
    ]);
    expect(await posts()).toEqual([]);
    expect(uploads()).toBe(files);
  });

  it('imports the front matter of Astro, Hugo, Jekyll and Next.js, with the images beside the posts', async () => {
    const before = uploads();
    const res = await importZip(folder, false);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results.filter((r: { action: string }) => r.action === 'create')).toHaveLength(5);

    const bySlug = Object.fromEntries((await posts()).map((post) => [post.slug, post]));
    expect(Object.keys(bySlug)).toEqual([
      'astro-post',
      'hugo-bundle',
      'jekyll-days',
      'next-notes',
      'too-short',
    ]);
    expect(bySlug['too-short']).toMatchObject({ isPublished: false, content: 'Hello.' });
    expect(res.json().results.find((r: { slug: string }) => r.slug === 'too-short').notes).toEqual([
      'imported as a draft: its body is shorter than the 50 characters a published post needs',
      'its old address /posts/too-short leads here',
    ]);
    const astro = bySlug['astro-post'];
    expect(astro).toMatchObject({
      title: 'Astro: a first post',
      summary: "Written for Astro's content collections.",
      tags: ['astro', 'web'],
      isPublished: true,
    });
    expect(astro?.publishedAt?.toISOString()).toBe('2024-03-01T00:00:00.000Z');
    expect(astro?.coverImage).toMatch(/^\/uploads\/r[0-9a-f]{32}-w\d+\.webp$/);
    expect(astro?.content).toMatch(/!\[A diagram\]\(\/uploads\/r[0-9a-f]{32}-w\d+\.webp\)/);
    expect(astro?.contentHtml).toContain('<img');
    expect(uploads()).toBeGreaterThan(before);

    expect(bySlug['hugo-bundle']).toMatchObject({ isPublished: false, tags: ['hugo'], publishedAt: null });
    const wiring = /!\[Wiring\]\((\/uploads\/r[0-9a-f]{32}-w\d+\.webp)\)/.exec(
      bySlug['hugo-bundle']?.content ?? '',
    );
    expect(wiring, 'the rooted image has its address here').not.toBeNull();
    const staticImage = createHash('sha256')
      .update(folder['static/images/wiring.png'] ?? new Uint8Array())
      .digest('hex');
    const [meant] = await t.database.db
      .select()
      .from(appMeta)
      .where(eq(appMeta.key, `import:image:${staticImage}`));
    expect(meant?.value).toBe(wiring?.[1]);
    expect(bySlug['hugo-bundle']?.content).toContain('![Our logo](/logo-60.png)');
    expect(bySlug['jekyll-days']).toMatchObject({ tags: ['ruby', 'static'], summary: LONG });
    expect(bySlug['jekyll-days']?.publishedAt?.toISOString()).toBe('2022-07-14T00:00:00.000Z');
    expect(bySlug['jekyll-days']?.coverImage).toMatch(/^\/uploads\/r[0-9a-f]{32}-w\d+\.webp$/);
    // Its cover is on a site the tests cannot reach: the post gets a drawn one, and the report says so.
    expect(bySlug['next-notes']).toMatchObject({
      title: 'Next.js notes',
      summary: 'Notes from a Next.js blog.',
    });
    expect(bySlug['next-notes']?.coverImage).toMatch(/^\/uploads\/[^/]+\.webp$/);
    expect(res.json().results.find((r: { slug: string }) => r.slug === 'next-notes').notes).toEqual([
      'the image https://example.com/cover.jpg could not be fetched (example.com is not reachable from here): left as a link',
      'the cover could not be fetched: one is drawn from its title',
      'its old addresses /posts/next, /blog/next lead here',
    ]);
    // The public blog shows them at once.
    const list = (await t.app.inject('/api/blog')).json();
    expect(list.map((post: { slug: string }) => post.slug)).toEqual([
      'next-notes',
      'astro-post',
      'jekyll-days',
    ]);
  });

  it('importing the same files twice changes nothing', async () => {
    const before = await posts();
    const files = uploads();
    const res = await importZip(folder, false);
    expect(
      res.json().results.filter((r: { action: string }) => r.action !== 'skip'),
      'nothing created or updated',
    ).toEqual([]);
    expect(
      res
        .json()
        .results.filter((r: { reason: string }) => r.reason === 'unchanged')
        .map((r: { slug: string }) => r.slug),
    ).toEqual(['jekyll-days', 'hugo-bundle', 'next-notes', 'too-short', 'astro-post']);
    expect(await posts()).toEqual(before);
    expect(uploads()).toBe(files);
  });

  it("keeps the owner's spelling of a tag when the same files come again", async () => {
    const renamed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/tags/rename',
      headers: { cookie: admin },
      payload: { from: 'ruby', to: 'Ruby' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const res = await importZip(folder, false);
    const jekyll = res.json().results.find((r: { slug: string }) => r.slug === 'jekyll-days');
    expect(jekyll).toMatchObject({ action: 'skip', reason: 'unchanged' });
    const [row] = await t.database.db.select().from(blogPosts).where(eq(blogPosts.slug, 'jekyll-days'));
    expect(row?.tags).toEqual(['Ruby', 'static']);
  });

  it('a changed file updates its post, and the dry run says what changes', async () => {
    const changed = {
      ...folder,
      'posts/next.mdx': strToU8(
        `---\ntitle: Next.js notes, revised\nslug: next-notes\ndate: '2025-01-20'\nexcerpt: Notes from a Next.js blog.\ncoverImage: https://example.com/cover.jpg\n---\n\n${LONG}\n`,
      ),
    };
    const dry = await importZip(changed, true);
    expect(dry.json().results.find((r: { slug: string }) => r.slug === 'next-notes')).toMatchObject({
      action: 'update',
      reason: 'changes title',
    });
    const [unchanged] = await t.database.db.select().from(blogPosts).where(eq(blogPosts.slug, 'next-notes'));
    expect(unchanged?.title).toBe('Next.js notes');
    await importZip(changed, false);
    const [row] = await t.database.db.select().from(blogPosts).where(eq(blogPosts.slug, 'next-notes'));
    expect(row?.title).toBe('Next.js notes, revised');
    expect(row?.publishedAt?.toISOString()).toBe('2025-01-20T00:00:00.000Z');
  });

  it('exports every post as Markdown that imports into another site unchanged', async () => {
    const res = await t.app.inject({ url: '/api/admin/posts/export', headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual([
      'posts/astro-post.md',
      'posts/hugo-bundle.md',
      'posts/jekyll-days.md',
      'posts/next-notes.md',
      'posts/too-short.md',
    ]);
    const hugo = Buffer.from(files['posts/hugo-bundle.md'] ?? []).toString('utf8');
    expect(hugo).toMatch(/^---\ntitle: Hugo in a bundle\nslug: hugo-bundle\n/);
    expect(hugo).toContain('draft: true');

    // Into the same site: nothing to do.
    const same = await importZip(files, true);
    expect(same.json().results.map((r: { reason: string }) => r.reason)).toEqual([
      'unchanged',
      'unchanged',
      'unchanged',
      'unchanged',
      'unchanged',
    ]);
    // Into an empty site: the same posts.
    const other = await createTestApp({ seed: false });
    try {
      const otherAdmin = await other.signIn('admin');
      const imported = await importZip(files, false, otherAdmin, other);
      expect(imported.statusCode, imported.body).toBe(200);
      const pick = (rows: Array<typeof blogPosts.$inferSelect>) =>
        rows.map(({ slug, title, summary, content, coverImage, tags, isPublished, publishedAt }) => ({
          slug,
          title,
          summary,
          content,
          coverImage,
          tags,
          isPublished,
          publishedAt,
        }));
      expect(pick(await other.database.db.select().from(blogPosts).orderBy(blogPosts.slug))).toEqual(
        pick(await posts()),
      );
    } finally {
      await other.close();
    }
  });

  it('is for the admin only, and a file that is not a zip is a clear 400', async () => {
    const user = await t.signIn('user');
    expect((await importZip(folder, true, user)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/posts/export' })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/posts/import',
      headers: { cookie: admin, 'content-type': 'multipart/form-data; boundary=q' },
      payload: Buffer.from(
        '--q\r\nContent-Disposition: form-data; name="file"; filename="p.zip"\r\nContent-Type: application/zip\r\n\r\nnot a zip\r\n--q--\r\n',
      ),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The file is not a readable zip.');
  });
});
