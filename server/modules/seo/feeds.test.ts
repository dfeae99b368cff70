import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

const SITE = 'https://jordan.example';
let t: TestApp;
let admin: string;

/** Well-formed XML or a failed test: the validator rejects what a strict reader would. */
function parseXml(body: string) {
  const valid = XMLValidator.validate(body, { allowBooleanAttributes: false });
  expect(valid, JSON.stringify(valid)).toBe(true);
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    isArray: (name) => ['item', 'entry', 'category', 'link'].includes(name),
  }).parse(body);
}

const rfc3339 = z.iso.datetime({ offset: true });
const jsonFeedSchema = z.object({
  version: z.literal('https://jsonfeed.org/version/1.1'),
  title: z.string().min(1),
  home_page_url: z.url(),
  feed_url: z.url(),
  items: z.array(
    z
      .object({
        id: z.string().min(1),
        url: z.url(),
        title: z.string(),
        content_html: z.string().min(1),
        summary: z.string(),
        image: z.url().optional(),
        date_published: rfc3339,
        date_modified: rfc3339,
        tags: z.array(z.string()),
        authors: z.array(z.object({ name: z.string().min(1) })).min(1),
      })
      .strict(),
  ),
});

async function createPost(values: Record<string, unknown>) {
  const res = await t.writePost(admin, {
    summary: 'A summary of at least ten characters.',
    content: `${'Some words of the post body. '.repeat(3)}\n\n## Part one\n\n\`\`\`ts\nconst x = 1;\n\`\`\`\n\n![Bench](/uploads/bench.webp)\n\n[Jump](#part-one)`,
    coverImage: '/images/blog/repair-before-replace.webp',
    tags: ['Feeds', 'Testing'],
    ...values,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; slug: string };
}

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: SITE } });
  admin = await t.signIn('admin');
  await createPost({ title: 'A feed post with <angle> & ampersand', slug: 'feed-post', isPublished: true });
  await createPost({ title: 'A draft that no feed shows', slug: 'feed-draft', isPublished: false });
});
afterAll(() => t.close());

describe('RSS 2.0 at /rss.xml', () => {
  it('is well-formed RSS with the channel and every item element a reader needs', async () => {
    const res = await t.app.inject({ url: '/rss.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const { rss } = parseXml(res.body);
    expect(rss['@version']).toBe('2.0');
    const channel = rss.channel;
    expect(channel.title).toBeTruthy();
    expect(channel.link).toEqual([`${SITE}/blog`]);
    expect(channel.description).toBeTruthy();
    expect(channel['atom:link']['@href']).toBe(`${SITE}/rss.xml`);
    expect(channel['atom:link']['@rel']).toBe('self');
    const items = channel.item as Record<string, unknown>[];
    expect(items.length).toBeGreaterThan(1);
    for (const item of items) {
      expect(item.title).toBeTruthy();
      expect(String((item.link as string[])[0])).toMatch(/^https:\/\/jordan\.example\/blog\/[a-z0-9-]+$/);
      expect((item.guid as Record<string, string>)['#text']).toBe((item.link as string[])[0]);
      // RFC 822 dates, as RSS requires.
      expect(String(item.pubDate)).toMatch(
        /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/,
      );
      expect(Number.isNaN(Date.parse(String(item.pubDate)))).toBe(false);
      expect(String(item['content:encoded']).length).toBeGreaterThan(20);
    }
    const post = items.find((item) => (item.link as string[])[0] === `${SITE}/blog/feed-post`) as Record<
      string,
      unknown
    >;
    expect(post.title).toBe('A feed post with <angle> & ampersand');
    expect((post.category as string[]).sort()).toEqual(['Feeds', 'Testing']);
    expect((post['media:content'] as Record<string, string>)['@url']).toBe(
      `${SITE}/images/blog/repair-before-replace.webp`,
    );
    const html = String(post['content:encoded']);
    // Full content, every address absolute, the page's own controls left out.
    expect(html).toContain(`<img src="${SITE}/images/blog/repair-before-replace.webp" alt="">`);
    expect(html).toContain(`src="${SITE}/uploads/bench.webp"`);
    expect(html).toContain(`href="${SITE}/blog/feed-post#part-one"`);
    expect(html).toContain('<h2 id="part-one">Part one</h2>');
    expect(html).not.toContain('Copy</button>');
    expect(html).not.toMatch(/\s(src|href)="\/(?!\/)/);
    expect(res.body).not.toContain('feed-draft');
  });

  it('answers the usual other addresses of a feed with a permanent redirect', async () => {
    for (const url of ['/feed', '/feed.xml', '/rss']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe('/rss.xml');
    }
  });
});

describe('Atom at /atom.xml', () => {
  it('is a well-formed Atom feed with ids, titles, dates, links and HTML content', async () => {
    const res = await t.app.inject({ url: '/atom.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const { feed } = parseXml(res.body);
    expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(feed.id).toBeTruthy();
    expect(feed.title['#text']).toBeTruthy();
    expect(rfc3339.safeParse(feed.updated).success).toBe(true);
    expect(feed.author.name).toBeTruthy();
    expect(feed.link.map((link: Record<string, string>) => link['@rel']).sort()).toEqual([
      'alternate',
      'self',
    ]);
    type Entry = {
      id: string;
      updated: string;
      published: string;
      content: Record<string, string>;
      author: { name: string };
      category: Record<string, string>[];
    };
    for (const entry of feed.entry as Entry[]) {
      expect(entry.id).toMatch(/^https:\/\//);
      expect(rfc3339.safeParse(entry.updated).success).toBe(true);
      expect(rfc3339.safeParse(entry.published).success).toBe(true);
      expect(entry.content['@type']).toBe('html');
      expect(entry.author.name).toBeTruthy();
    }
    const post = (feed.entry as Entry[]).find((entry) => entry.id === `${SITE}/blog/feed-post`);
    expect(post).toBeDefined();
    expect(post?.category.map((c) => c['@term']).sort()).toEqual(['Feeds', 'Testing']);
    expect(res.body).not.toContain('feed-draft');
  });
});

describe('JSON Feed 1.1 at /feed.json', () => {
  it('matches the JSON Feed 1.1 fields, with the full HTML, the cover and the tags', async () => {
    const res = await t.app.inject({ url: '/feed.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/feed+json; charset=utf-8');
    const feed = jsonFeedSchema.parse(res.json());
    const post = feed.items.find((item) => item.url === `${SITE}/blog/feed-post`);
    expect(post?.image).toBe(`${SITE}/images/blog/repair-before-replace.webp`);
    expect(post?.tags).toEqual(['Feeds', 'Testing']);
    expect(post?.content_html).toContain('class="shiki');
    expect(feed.items.some((item) => item.url.endsWith('/feed-draft'))).toBe(false);
    // Newest first.
    const dates = feed.items.map((item) => Date.parse(item.date_published));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });

  it('is made afresh when a post changes', async () => {
    const before = (await t.app.inject({ url: '/feed.json' })).json() as { items: { title: string }[] };
    const created = await createPost({
      title: 'Fresh in the feed',
      slug: 'fresh-in-feed',
      isPublished: true,
    });
    const after = (await t.app.inject({ url: '/feed.json' })).json() as { items: { title: string }[] };
    expect(after.items.length).toBe(before.items.length + 1);
    expect(after.items[0]?.title).toBe('Fresh in the feed');
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/posts/${created.id}`,
      headers: { cookie: admin },
      payload: { isPublished: false },
    });
    expect(res.statusCode).toBe(200);
    const rss = await t.app.inject({ url: '/rss.xml' });
    expect(rss.body).not.toContain('fresh-in-feed');
  });
});
