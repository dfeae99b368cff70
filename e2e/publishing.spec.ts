/** What a reader sees around a post: highlighted code in both themes, its contents, sharing, drafts. */
import {
  expect,
  expectAccessible,
  expectToast,
  recordToasts,
  test,
  visitorContext,
  writePost,
} from './fixtures.ts';

const POST = '/blog/one-schema-form-to-database';

test.describe('a post with code', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`shows its code in colour in the ${theme} theme, named, and copies it`, async ({
      page,
      context,
    }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.emulateMedia({ colorScheme: theme });
      await page.goto(POST);
      const block = page.getByRole('figure').filter({ hasText: 'quoteRequestSchema' }).first();
      await expect(block.getByText('TypeScript', { exact: true })).toBeVisible();
      // Keywords, strings and names are drawn in different colours, and the theme's own ones.
      const colours = await block
        .locator('pre span span')
        .evaluateAll((spans) => [...new Set(spans.map((span) => getComputedStyle(span).color))]);
      expect(colours.length).toBeGreaterThanOrEqual(4);
      const background = await block.locator('pre').evaluate((pre) => getComputedStyle(pre).backgroundColor);
      expect(background).toBe(theme === 'light' ? 'rgb(255, 255, 255)' : 'rgb(13, 17, 23)');
      const keyword = block.locator('pre span span', { hasText: /^import$/ }).first();
      await expect(keyword).toHaveCSS('color', theme === 'light' ? 'rgb(207, 34, 46)' : 'rgb(255, 123, 114)');

      await block.getByRole('button', { name: 'Copy TypeScript code' }).click();
      await expect(block.getByRole('button', { name: 'Code copied' })).toHaveText('Copied');
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toContain("import { z } from 'zod';");
      expect(copied).toContain('export type QuoteRequest = z.infer<typeof quoteRequestSchema>;');
      await expect(block.getByRole('button', { name: 'Copy TypeScript code' })).toHaveText('Copy');
      await expectAccessible(page, `${POST} (${theme})`);
    });
  }

  test('lists its headings beside the text on a wide screen, and each heading links to itself', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(POST);
    const contents = page.getByRole('navigation', { name: 'Table of contents' }).filter({ visible: true });
    await expect(contents).toHaveCount(1);
    await contents.getByRole('link', { name: 'What it costs' }).click();
    await expect(page).toHaveURL(/#what-it-costs$/);
    const heading = page.getByRole('heading', { name: /What it costs/ });
    await expect(heading).toBeInViewport();
    await expect(heading.getByRole('link', { name: 'Link to “What it costs”' })).toHaveAttribute(
      'href',
      '#what-it-costs',
    );
    // It stays beside the text while the reader scrolls.
    await page.mouse.wheel(0, 1500);
    await expect(contents).toBeInViewport();
  });

  test('on a phone the contents fold above the text', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(POST);
    const summary = page.getByText('On this page').filter({ visible: true });
    await summary.click();
    const contents = page.getByRole('navigation', { name: 'Table of contents' }).filter({ visible: true });
    await expect(contents.getByRole('link', { name: 'The payoff' })).toBeVisible();
  });

  test('offers plain share links, the author, and the post before it', async ({ page }) => {
    await page.goto(POST);
    const share = page.getByRole('region', { name: 'Share this post' });
    const url = encodeURIComponent(`${new URL(page.url()).origin}${POST}`);
    await expect(share.getByRole('link', { name: /Share on LinkedIn/ })).toHaveAttribute(
      'href',
      `https://www.linkedin.com/sharing/share-offsite/?url=${url}`,
    );
    await expect(share.getByRole('link', { name: /Share on X/ })).toHaveAttribute(
      'href',
      new RegExp(`url=${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
    );
    await expect(share.getByRole('link', { name: 'Email' })).toHaveAttribute('href', /^mailto:\?subject=/);
    await expect(page.getByRole('complementary', { name: 'About the author' })).toContainText('Jordan Ellis');
    const more = page.getByRole('navigation', { name: 'More posts' });
    await expect(more.getByRole('link', { name: /Previous post/ })).toBeVisible();
    // No script of a network on the page.
    const scripts = await page
      .locator('script[src]')
      .evaluateAll((nodes) => nodes.map((node) => (node as HTMLScriptElement).src));
    expect(scripts.every((src) => new URL(src).origin === new URL(page.url()).origin)).toBe(true);
  });
});

test('every page names the feeds, and the footer links to one', async ({ page, request }) => {
  await page.goto('/');
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
    'href',
    '/rss.xml',
  );
  await expect(page.locator('link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute(
    'href',
    '/atom.xml',
  );
  await expect(page.locator('link[rel="alternate"][type="application/feed+json"]')).toHaveAttribute(
    'href',
    '/feed.json',
  );
  const feed = page.getByRole('contentinfo').getByRole('link', { name: 'RSS feed' });
  await expect(feed).toHaveAttribute('href', '/rss.xml');
  const rss = await request.get('/rss.xml');
  expect(rss.headers()['content-type']).toContain('application/rss+xml');
});

test('a draft: the owner reads it in the real layout under a banner, a visitor only through its link', async ({
  page,
  allowConsole,
  admin,
}) => {
  // The not-found answers, before the link is opened and after it is revoked.
  allowConsole(/status of 404/);
  const slug = `draft-preview-${Date.now().toString(36)}`;
  const created = await writePost(admin, {
    title: 'A draft to look at first',
    slug,
    summary: 'A draft with enough words for the form rules.',
    content: '## First\n\nSome words of the draft, long enough to be accepted by the form.',
  });
  const { id } = created as { id: number };

  // A visitor: not found.
  await page.goto(`/blog/${slug}`);
  await expect(page.getByRole('heading', { name: 'Post Not Found' })).toBeVisible();

  // The owner: the post, under the banner, kept out of search engines and caches.
  const response = await admin.get(`/blog/${slug}`);
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toBe('no-store');
  const html = await response.text();
  expect(html).toContain('A draft to look at first');
  expect(html).toContain('<meta name="robots" content="noindex"/>');
  expect(html).toContain('Draft');

  // The preview link opens it for anyone until it is revoked.
  const opened = await admin.post(`/api/admin/posts/${id}/preview-link`);
  const { previewToken } = (await opened.json()) as { previewToken: string };
  await page.goto(`/blog/${slug}?preview=${previewToken}`);
  await expect(page.getByRole('heading', { level: 1, name: 'A draft to look at first' })).toBeVisible();
  await expectToast(page, 'this post is not published');
  await admin.delete(`/api/admin/posts/${id}/preview-link`);
  await page.goto(`/blog/${slug}?preview=${previewToken}`);
  await expect(page.getByRole('heading', { name: 'Post Not Found' })).toBeVisible();
});

test('a commenter asks to hear back; the owner answers on the post; the answer shows under the comment', async ({
  page,
  browser,
  baseURL,
  signInAs,
  admin,
}) => {
  const slug = `replies-${Date.now().toString(36)}`;
  await writePost(admin, {
    title: 'Which battery does my fob take?',
    slug,
    summary: 'A short post about key fob batteries.',
    content: 'Most fobs take a CR2032 or a CR2025. Open the case with a plastic pry tool, never a knife.',
    isPublished: true,
  });

  // A visitor comments and asks to be emailed when answered.
  const visitor = await visitorContext(browser, { baseURL: baseURL ?? '' });
  await visitor.addInitScript(recordToasts);
  const reader = await visitor.newPage();
  await reader.goto(`/blog/${slug}`);
  const form = reader.getByRole('form', { name: 'Leave a Comment' });
  await expect(form.getByLabel('Name')).toBeEnabled();
  await form.getByLabel('Name').fill('Morgan Reader');
  await form.getByLabel('Email').fill('morgan@example.com');
  await form.getByLabel('Comment').fill('Does the 2016 model take the same battery?');
  await form.getByRole('checkbox', { name: 'Notify me when the author replies' }).check();
  await form.getByLabel('Verification').fill('not-a-robot');
  await form.getByRole('button', { name: 'Submit Comment' }).click();
  await expectToast(reader, 'Comment submitted');

  // The dashboard says the commenter wants an email; the owner answers from there.
  const pending = await (await admin.get('/api/admin/comments?status=pending&pageSize=100')).json();
  const asked = pending.items.find((c: { name: string }) => c.name === 'Morgan Reader');
  expect(asked).toMatchObject({ notifyOnReply: true, isApproved: false });
  await signInAs('admin');
  await page.goto('/admin/blog/moderation');
  const row = page.getByRole('article', { name: 'Comment by Morgan Reader' });
  await expect(row).toContainText('wants an email when you reply');
  await row.getByText('Reply to the comment by Morgan Reader', { exact: true }).click();
  const replyForm = row.getByRole('form', { name: 'Reply to Morgan Reader' });
  await replyForm.getByLabel('Your reply to Morgan Reader').fill('Yes: a CR2032, flat side up.');
  await replyForm.getByRole('button', { name: 'Post reply' }).click();
  await expectToast(page, 'Reply posted');

  // On the post, for everyone: the comment (approved by the answer) and the answer under it.
  await reader.reload();
  const comment = reader
    .getByRole('listitem')
    .filter({ hasText: 'Does the 2016 model take the same battery?' });
  const replies = comment.getByRole('list', { name: 'Replies to Morgan Reader' });
  await expect(replies).toContainText('Yes: a CR2032, flat side up.');
  await expect(replies.getByText('Author', { exact: true })).toBeVisible();

  // The owner answers again from the post itself.
  await page.goto(`/blog/${slug}`);
  await page.getByText('Reply to Morgan Reader', { exact: true }).click();
  await page.getByLabel('Your reply to Morgan Reader').fill('The 2016 key also has a spare in the door.');
  await page.getByRole('button', { name: 'Post reply' }).click();
  await expect(
    page.getByRole('list', { name: 'Replies to Morgan Reader' }).getByText('The 2016 key also has a spare'),
  ).toBeVisible();
  await expectAccessible(page, 'post with replies, as the owner');
  await visitor.close();
});
