/**
 * The static copy of the site (npm run export:static), served by a plain static
 * file server under a host name with a static-hosting marker: pages, client
 * navigation and the API reads from exported JSON files, with no server behind.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import type { Page, Response } from '@playwright/test';
import { STATIC_ORIGIN, STATIC_PORT, STATIC_SUBPATH } from './constants.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

// The copies are exported (two exports and a web build: tens of seconds) when this file runs, not
// before every run of the suite: its tests share them, in order, in one worker.
test.describe.configure({ mode: 'default' });
let copies: ChildProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  copies = spawn(process.execPath, ['--import', 'tsx', 'e2e/static-site-server.ts'], {
    env: { ...process.env, E2E_STATIC_PORT: String(STATIC_PORT) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const served = expect
    .poll(
      async () => {
        try {
          return (await fetch(`http://127.0.0.1:${STATIC_PORT}/robots.txt`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 280_000, intervals: [250] },
    )
    .toBe(200);
  const ended = new Promise<never>((_, reject) =>
    copies?.once('exit', (code) => reject(new Error(`the static copies' server ended (${code})`))),
  );
  // Read only by the race: once the copies are served, their end is afterAll's doing.
  ended.catch(() => {});
  await Promise.race([served, ended]);
});

test.afterAll(() => {
  copies?.kill();
});

/**
 * Every answer the page gets for an /api/ path, as 'status path': only exported JSON files may be
 * asked for, and each must exist.
 */
function watchApi(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (response: Response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/api/')) seen.push(`${response.status()} ${pathname}`);
  });
  return seen;
}

const notice = (page: Page, feature: string) =>
  page.getByRole('note').filter({ hasText: `${feature} is not available on this copy of the site.` });

test('the home page, the blog and a post work from files, reading the API from exported JSON', async ({
  page,
}) => {
  const api = watchApi(page);
  await page.goto(`${STATIC_ORIGIN}/`);
  await expect(page.getByRole('heading', { level: 1, name: "Hello, I'm Jordan Ellis" })).toBeVisible();
  await expect(
    page.locator('#projects').getByRole('heading', { name: 'Keycode Help' }).first(),
  ).toBeVisible();
  await expect(
    page
      .locator('#blog')
      .getByRole('link', { name: /Read more/ })
      .first(),
  ).toBeVisible();
  await expectAccessible(page, 'static home');

  // Client-side navigations from a page that loaded no posts: the blog page's data file, its list
  // computed from api/blog-index.json, then the post's data file.
  await page.goto(`${STATIC_ORIGIN}/projects/keycode-help`);
  await page
    .getByRole('navigation', { name: 'Main', exact: true })
    .getByRole('link', { name: 'Blog' })
    .click();
  await expect(page).toHaveURL(`${STATIC_ORIGIN}/blog`);
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  await page.getByRole('link', { name: 'One Schema from Form to Database' }).first().click();
  await expect(page).toHaveURL(`${STATIC_ORIGIN}/blog/one-schema-form-to-database`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'One Schema from Form to Database' }),
  ).toBeVisible();

  // The comment form needs the server: the page says so and offers the owner's email.
  await expect(notice(page, 'Commenting')).toBeVisible();
  await expect(notice(page, 'Commenting').getByRole('link')).toHaveAttribute('href', /^mailto:/);
  await expect(page.getByRole('button', { name: 'Submit Comment' })).toHaveCount(0);

  expect(api).toContain('200 /api/blog-index.json');
  for (const answer of api)
    expect(answer, 'only exported JSON files are read').toMatch(/^200 \/api\/.+\.json$/);
});

test("a project filter pressed before the page's code started is applied once it starts", async ({
  page,
}) => {
  // The press's address: the copy's host answers it with the home page's file, unfiltered.
  await page.goto(`${STATIC_ORIGIN}/?projects=business#projects`);
  const section = page.locator('#projects');
  const filters = section.getByRole('group', { name: 'Filter projects' });
  await expect(filters.getByRole('button', { name: 'Business' })).toHaveAttribute('aria-pressed', 'true');
  const cards = section.getByRole('list', { name: 'Projects' }).locator(':scope > li');
  await expect(cards.filter({ hasNotText: 'Business' })).toHaveCount(0);
  await expect(cards).not.toHaveCount(0);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("the home page's project filters are not offered (the host answers every address with the same file)", async ({
    page,
  }) => {
    await page.goto(`${STATIC_ORIGIN}/`);
    await expect(
      page.locator('#projects').getByRole('heading', { name: 'Keycode Help' }).first(),
    ).toBeVisible();
    await expect(page.getByRole('group', { name: 'Filter projects' })).toBeHidden();
  });
});

test("every feature that needs the server says so on the copy, with the owner's email", async ({ page }) => {
  const api = watchApi(page);
  for (const [path, feature] of [
    ['/resume', 'Requesting the resume'],
    ['/auth', 'Signing in'],
    ['/generate-images', 'The image generator'],
    ['/contribute', 'Sending a guest post'],
    ['/admin/blog', 'The Admin Dashboard'],
    ['/book-a-call', 'Booking a call'],
  ] as const) {
    await page.goto(`${STATIC_ORIGIN}${path}`);
    await expect(notice(page, feature)).toBeVisible();
    await expect(page.getByRole('textbox')).toHaveCount(0);
  }
  await expectAccessible(page, 'static notice');

  // The blog's side column: no handle to follow without the server (issue 47, point 8).
  await page.goto(`${STATIC_ORIGIN}/blog`);
  await expect(notice(page, 'Following the blog on the fediverse')).toBeVisible();
  await expect(page.getByText(/^@jordan@/)).toHaveCount(0);

  await page.goto(`${STATIC_ORIGIN}/#contact`);
  await expect(notice(page, 'The quote form')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Get a Custom Quote' })).toHaveCount(0);
  const endorse = page.getByRole('link', { name: /Endorse this skill/ }).first();
  await expect(page.locator('#skills [data-ready="true"]')).toBeAttached();
  await endorse.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Endorsing a skill is not available')).toBeVisible();
  // The skill's endorsements still show, from its exported file (none in this fresh database).
  await expect(dialog.getByRole('heading', { name: 'Recent Endorsements' })).toBeVisible();
  await expect(dialog.getByText('No endorsements yet. Be the first!')).toBeVisible();
  expect(api).toContainEqual(expect.stringMatching(/^200 \/api\/skill-endorsements\/\d+\.json$/));
  for (const answer of api) expect(answer).toMatch(/^200 \/api\/.+\.json$/);
});

test('recommendations run in the browser on the copy', async ({ page }) => {
  await page.goto(`${STATIC_ORIGIN}/recommendations`);
  await page.getByRole('textbox', { name: 'Interests', exact: true }).fill('locksmith, automotive');
  await page.getByRole('button', { name: 'Get Recommendations' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Your Recommendations' })).toBeVisible();
  await expect(
    page.getByRole('article').first().getByRole('heading', { name: 'Keycode Help' }),
  ).toBeVisible();
});

test('API reads look in browser storage first (api_ plus the last path segment)', async ({ page }) => {
  await page.goto(`${STATIC_ORIGIN}/projects/keycode-help`);
  await page.evaluate(() =>
    localStorage.setItem(
      'api_blog',
      JSON.stringify([
        {
          id: 99,
          slug: 'kept-in-storage',
          title: 'A Post Kept in Browser Storage',
          summary: 'Read from localStorage before any file.',
          coverImage: '',
          tags: ['Storage'],
          publishedAt: '2026-11-01T12:00:00.000Z',
        },
      ]),
    ),
  );
  await page
    .getByRole('navigation', { name: 'Main', exact: true })
    .getByRole('link', { name: 'Blog' })
    .click();
  await expect(page.getByRole('link', { name: 'A Post Kept in Browser Storage' }).first()).toBeVisible();
});

test('project pages and the not-found page are served from files', async ({ page, allowConsole }) => {
  allowConsole(/status of 404/);
  await page.goto(`${STATIC_ORIGIN}/projects/keycode-help`);
  await expect(page.getByRole('heading', { level: 1, name: 'Keycode Help' })).toBeVisible();
  // No server to count a link out (issue 48): the links go straight where they point.
  await expect(page.getByRole('link', { name: 'View on GitHub' })).toHaveAttribute(
    'href',
    'https://github.com/jordanellis-dev/keycode-help',
  );
  await expect(
    page
      .getByRole('list', { name: 'Social links' })
      .getByRole('link', { name: 'GitHub (opens in a new tab)' }),
  ).toHaveAttribute('href', 'https://github.com/jordanellis-dev');
  await expectAccessible(page, 'static project page');

  const missing = await page.goto(`${STATIC_ORIGIN}/no-such-page`);
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
});

test('robots.txt and the sitemap name the address the copy is published at', async ({ request }) => {
  // The test runner itself reaches the static server by its address, not the mapped host name.
  const local = `http://127.0.0.1:${STATIC_PORT}`;
  const sitemap = await (await request.get(`${local}/sitemap.xml`)).text();
  expect(sitemap).toContain(`<loc>${STATIC_ORIGIN}/blog/one-schema-form-to-database</loc>`);
  expect(await (await request.get(`${local}/robots.txt`)).text()).toContain(
    `Sitemap: ${STATIC_ORIGIN}/sitemap.xml`,
  );
  const posts = await (await request.get(`${local}/api/blog.json`)).json();
  expect(posts.map((post: { slug: string }) => post.slug)).toContain('one-schema-form-to-database');
  // The copy ships the feeds, with the published posts at the copy's address.
  for (const feed of ['/rss.xml', '/atom.xml', '/feed.json']) {
    const response = await request.get(`${local}${feed}`);
    expect(response.status(), feed).toBe(200);
    expect(await response.text()).toContain(`${STATIC_ORIGIN}/blog/one-schema-form-to-database`);
  }
  // And each page's share image, where the page's og:image names it.
  const html = await (await request.get(`${local}/blog/one-schema-form-to-database`)).text();
  const image = html.match(/<meta property="og:image" content="([^"]+)"/)?.[1] ?? '';
  expect(image).toMatch(new RegExp(`^${STATIC_ORIGIN}/og/blog/one-schema-form-to-database\\.png\\?v=`));
  const png = await request.get(`${local}${new URL(image).pathname}`);
  expect(png.status()).toBe(200);
  expect(png.headers()['content-type']).toBe('image/png');
});

test.describe('a copy exported for a sub-path (user.github.io/site/)', () => {
  const site = `${STATIC_ORIGIN}${STATIC_SUBPATH}`;

  test('pages, images, client navigation and API files all stay under the sub-path', async ({ page }) => {
    // Everything the page asks of the static host: nothing may leave the sub-path, nothing may fail.
    const outside: string[] = [];
    const failed: string[] = [];
    const apiFiles: string[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin !== STATIC_ORIGIN) return;
      if (url.pathname.includes('/api/')) apiFiles.push(url.pathname);
      if (!url.pathname.startsWith(STATIC_SUBPATH)) outside.push(url.pathname);
      if (response.status() >= 400) failed.push(`${response.status()} ${url.pathname}`);
    });

    await page.goto(site);
    await expect(page.getByRole('heading', { level: 1, name: "Hello, I'm Jordan Ellis" })).toBeVisible();
    const projectImage = page.locator('#projects img').first();
    await expect(projectImage).toHaveAttribute('src', /^\/site\/images\//);
    await expect
      .poll(() => projectImage.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeGreaterThan(0);
    await expectAccessible(page, 'sub-path home');

    // Client navigation: the blog, a post, then home again through the header's name link.
    await page.goto(`${site}projects/keycode-help`);
    await expect(page.getByRole('heading', { level: 1, name: 'Keycode Help' })).toBeVisible();
    const main = page.getByRole('navigation', { name: 'Main', exact: true });
    await expect(main.getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/site/blog');
    await main.getByRole('link', { name: 'Blog' }).click();
    await expect(page).toHaveURL(`${site}blog`);
    await page.getByRole('link', { name: 'One Schema from Form to Database' }).first().click();
    await expect(page).toHaveURL(`${site}blog/one-schema-form-to-database`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'One Schema from Form to Database' }),
    ).toBeVisible();
    // Its cover is drawn from the page itself (a small illustration); the author's picture is a file.
    await expect(page.getByRole('article').locator('img:not([src^="data:"])').first()).toHaveAttribute(
      'src',
      /^\/site\//,
    );
    await main.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(site);
    await expect(page.getByRole('heading', { level: 1, name: "Hello, I'm Jordan Ellis" })).toBeVisible();

    // The blog list is computed in the browser from the exported index of every post.
    expect(apiFiles).toContain(`${STATIC_SUBPATH}api/blog-index.json`);
    expect(outside, 'requests outside the sub-path').toEqual([]);
    expect(failed, 'failed requests').toEqual([]);
  });

  test('its not-found page, sitemap and canonical links name the sub-path', async ({
    page,
    request,
    allowConsole,
  }) => {
    allowConsole(/status of 404/);
    const missing = await page.goto(`${site}no-such-page`);
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();

    await page.goto(`${site}blog`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${site}blog`);
    const local = `http://127.0.0.1:${STATIC_PORT}${STATIC_SUBPATH}`;
    const sitemap = await (await request.get(`${local}sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${site}blog/one-schema-form-to-database</loc>`);
  });
});
