/** The blog list, a post with its sanitised content and comments, and guest posts. */
import type { APIRequestContext } from '@playwright/test';
import { expect, expectAccessible, expectToast, test, waitForHydration, writePost } from './fixtures.ts';

/**
 * Published posts dated long ago, so they never push the seeded posts off /blog's first page while
 * other tests read it; the test deletes them when it ends. Their ids.
 */
async function publishOld(admin: APIRequestContext, posts: { slug: string; tags: string[] }[]) {
  const ids: number[] = [];
  for (const { slug, tags } of posts) {
    const created = await writePost(admin, {
      title: `A tagged post ${slug}`,
      slug,
      summary: 'A post that carries tags for the test.',
      content: 'A body long enough for the editor to accept it as a post, and a little more than that.',
      coverImage: '/images/posts/repair-before-replace.svg',
      tags,
      isPublished: true,
      publishAt: '2001-01-01T00:00:00.000Z',
    });
    ids.push(created.id);
  }
  return ids;
}

test.describe('/blog', () => {
  test('search matches title and summary in any case, and lives in the URL', async ({ page }) => {
    await page.goto('/blog');
    const posts = page.getByRole('list', { name: 'Posts' }).locator(':scope > li');
    const all = await posts.count();
    expect(all).toBeGreaterThanOrEqual(4);
    await page.getByRole('searchbox', { name: 'Search posts' }).fill('TRANSPONDER');
    await expect(posts).toHaveCount(1);
    await expect(posts.first()).toContainText('Transponder Keys Explained');
    await expect(page).toHaveURL(/\?q=TRANSPONDER$/);
    // A summary word: "immobilizer" is only in the transponder post's summary.
    await page.getByRole('searchbox', { name: 'Search posts' }).fill('immobilizer');
    await expect(posts).toHaveCount(1);

    await page.getByRole('searchbox', { name: 'Search posts' }).fill('no such words anywhere');
    await expect(page.getByText('No posts match your search criteria')).toBeVisible();
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    // Every post again: at least as many as before (a test beside this one may publish one).
    await expect.poll(() => posts.count()).toBeGreaterThanOrEqual(all);
    await expect(page).toHaveURL(/\/blog$/);
  });

  test('a shared filtered address is rendered filtered by the server', async ({ request }) => {
    const html = await (await request.get('/blog?tag=Electronics')).text();
    expect(html).toContain('Repair Before You Replace');
    expect(html).not.toContain('One Schema from Form to Database</a>');
  });

  test("tags toggle the filter: each chip leads to its tag's page, and the chosen one back to every post", async ({
    page,
  }) => {
    await page.goto('/blog');
    const posts = page.getByRole('list', { name: 'Posts' }).locator(':scope > li');
    const all = await posts.count();
    const categories = page.getByRole('complementary').getByRole('list').first();
    await expect(categories.getByRole('link', { name: 'All', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // The most used tag (other tests add tags, so which one it is may vary).
    const first = categories.getByRole('link').nth(1);
    const name = (await first.textContent()) ?? '';
    await first.click();
    await expect(page).toHaveURL((url) => decodeURIComponent(url.pathname) === `/blog/tag/${name}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Posts tagged “${name}”`);
    await expect(categories.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
    // Every remaining row carries the tag (retried until the filter has applied).
    await expect(posts.filter({ hasNot: page.getByRole('link', { name, exact: true }) })).toHaveCount(0);
    await expect(posts).not.toHaveCount(0);
    await categories.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(/\/blog$/);
    // Every post again: at least as many as before (a test beside this one may publish one).
    await expect.poll(() => posts.count()).toBeGreaterThanOrEqual(all);
    await posts.first().getByRole('list', { name: 'Tags' }).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/blog\/tag\//);
    await categories.getByRole('link', { name: 'All', exact: true }).click();
    // Every post again: at least as many as before (a test beside this one may publish one).
    await expect.poll(() => posts.count()).toBeGreaterThanOrEqual(all);
  });

  test("the most used tags first, the rest behind 'Show all tags', open when one of them is chosen", async ({
    page,
    admin,
  }) => {
    // Enough tags that some are behind the control, whatever else the site holds.
    const run = Date.now().toString(36);
    const tags = Array.from({ length: 13 }, (_, n) => `Zz ${run} ${n + 1}`);
    const [id] = await publishOld(admin, [{ slug: `many-tags-${run}`, tags }]);
    try {
      await page.goto('/blog');
      const card = page.getByRole('complementary');
      await expect(card.getByRole('list').first().getByRole('link')).toHaveCount(13); // All and the twelve most used
      const more = card.getByRole('list', { name: 'More tags' });
      await expect(more).toBeHidden();
      await card.getByText('Show all tags').click();
      await expect(more).toBeVisible();
      const last = `Zz ${run} 9`;
      await more.getByRole('link', { name: last, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Posts tagged “${last}”`);
      // The page as the server renders it keeps the chosen tag in sight.
      await page.reload();
      await expect(more.getByRole('link', { name: last, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(more).toBeVisible();
    } finally {
      await admin.delete(`/api/admin/posts/${id}`);
    }
  });

  test("a tag's page: its posts a page at a time, its own feed, linked from the post; an unknown tag is a 404", async ({
    page,
    request,
    admin,
  }) => {
    const run = Date.now().toString(36);
    const tag = `Paged ${run}`;
    const ids = await publishOld(
      admin,
      Array.from({ length: 13 }, (_, n) => ({ slug: `tagged-${run}-${n + 1}`, tags: [tag] })),
    );
    try {
      // Reached from a post's own tag chip, under any spelling of the tag.
      await page.goto(`/blog/tagged-${run}-1`);
      await page.getByRole('list', { name: 'Tags' }).getByRole('link', { name: tag }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Posts tagged “${tag}”`);
      const posts = page.getByRole('list', { name: 'Posts' }).locator(':scope > li');
      await expect(posts).toHaveCount(12);
      await page.getByRole('link', { name: 'Older posts' }).click();
      await expect(page).toHaveURL(
        (url) => url.pathname === `/blog/tag/${encodeURIComponent(tag)}` && url.search === '?page=2',
      );
      await expect(posts).toHaveCount(1);
      const feed = await request.get(`/blog/tag/${encodeURIComponent(`paged-${run}`)}/rss.xml`);
      expect(feed.status()).toBe(200);
      const xml = await feed.text();
      expect(xml).toContain(`<title>Jordan Ellis | Blog: ${tag}</title>`);
      expect(xml.match(/<item>/g)).toHaveLength(13);
      await expect(
        page.locator(`link[rel="alternate"][href="/blog/tag/${encodeURIComponent(tag)}/rss.xml"]`),
      ).toHaveCount(1);
      expect((await request.get(`/blog/tag/${encodeURIComponent(`Nothing ${run}`)}`)).status()).toBe(404);
      expect((await request.get(`/blog/tag/${encodeURIComponent(`Nothing ${run}`)}/rss.xml`)).status()).toBe(
        404,
      );
    } finally {
      for (const id of ids) await admin.delete(`/api/admin/posts/${id}`);
    }
  });

  test('rows carry the date as MMMM d, yyyy and links; the side cards link on', async ({ page }) => {
    await page.goto('/blog');
    const first = page.getByRole('list', { name: 'Posts' }).locator(':scope > li').first();
    await expect(first.getByRole('time')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    await expect(first.getByRole('link', { name: /^Read more →/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create New Post' })).toHaveAttribute('href', '/admin/blog');
    await expect(page.getByRole('link', { name: 'Get in Touch' })).toHaveAttribute('href', '/#contact');
    await expectAccessible(page, '/blog');
  });
});

test('/blog pages with crawlable links, and search runs on the server over the whole post', async ({
  page,
  request,
  admin,
}) => {
  const tag = `Batch${Date.now().toString(36)}`;
  const ids: number[] = [];
  for (let n = 1; n <= 14; n++) {
    const created = await writePost(admin, {
      title: `Bench log ${n} of the ${tag} series`,
      slug: `bench-log-${tag.toLowerCase()}-${n}`,
      summary: `Entry ${n} of a series about one long repair job.`,
      content:
        n === 7
          ? 'The fault turned out to be a cracked varistor hidden under the heat shrink, found only at the end.'
          : `Notes from day ${n}: measurements, photos and what to try tomorrow on the amplifier board.`,
      coverImage: '/images/posts/repair-before-replace.svg',
      tags: [tag],
      isPublished: true,
    });
    ids.push(created.id);
  }
  try {
    // The server renders the first page of the tag with a link to the next one.
    const html = await (await request.get(`/blog?tag=${tag}`)).text();
    expect(html).toContain(`href="/blog?tag=${tag}&amp;page=2"`);
    expect(html).toContain('Page 1 of 2');

    await page.goto(`/blog?tag=${tag}`);
    const posts = page.getByRole('list', { name: 'Posts' }).locator(':scope > li');
    await expect(posts).toHaveCount(12);
    await expect(posts.first()).toContainText(`Bench log 14 of the ${tag} series`);
    const pages = page.getByRole('navigation', { name: 'Pages' });
    await pages.getByRole('link', { name: 'Older posts' }).click();
    await expect(page).toHaveURL(new RegExp(`\\?tag=${tag}&page=2$`));
    await expect(posts).toHaveCount(2);
    await expect(pages.getByText('Page 2 of 2')).toBeVisible();
    await pages.getByRole('link', { name: 'Newer posts' }).click();
    await expect(page).toHaveURL(new RegExp(`\\?tag=${tag}$`));
    await expect(posts).toHaveCount(12);

    // A word found only in one post's body, with the passage shown and the word marked.
    await page.getByRole('searchbox', { name: 'Search posts' }).fill('varistor');
    await expect(page).toHaveURL(new RegExp(`\\?tag=${tag}&q=varistor$`));
    await expect(posts).toHaveCount(1);
    await expect(posts.first()).toContainText(`Bench log 7 of the ${tag} series`);
    await expect(posts.first().locator('mark')).toHaveText('varistor');
    await expectToast(page, '1 post found');
    await expectAccessible(page, '/blog with search results');
  } finally {
    for (const id of ids) await admin.delete(`/api/admin/posts/${id}`);
  }
});

test.describe('a post', () => {
  test('reading time, line breaks, sanitised content, and the comment cycle with moderation', async ({
    page,
    allowConsole,
    admin,
  }) => {
    // The payload's <img src=x> is a broken image on purpose.
    allowConsole(/status of 404 \(Not Found\)/);
    const slug = `xss-check-${Date.now()}`;
    const words = Array.from({ length: 250 }, (_, i) => `word${i}`).join(' ');
    const content = [
      'First line',
      'second line of the same paragraph',
      '',
      'A new paragraph.',
      '',
      '<script>window.pwned = 1</script>',
      '<img src=x onerror="window.pwned = 2">',
      '[click me](javascript:window.pwned=3)',
      '<a href="javascript:window.pwned=4">link</a>',
      '<p onclick="window.pwned = 5">handler</p>',
      '',
      '```',
      'const code = true;',
      '```',
      '',
      words,
    ].join('\n');
    await writePost(admin, {
      title: 'Sanitiser check post',
      slug,
      summary: 'Checks what survives.',
      content,
      tags: 'Security',
      isPublished: true,
    });

    await page.goto(`/blog/${slug}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Sanitiser check post' })).toBeVisible();
    // 250 words and a few more: 2 minutes at 200 words a minute.
    await expect(page.getByRole('list', { name: 'About this post' })).toContainText('2 min read');
    // Created without a cover: the server generated one.
    await expect(
      page.getByRole('article').locator('img[src^="/uploads/"][src$=".webp"]').first(),
    ).toBeVisible();
    const body = page.locator('.prose-content');
    expect(await body.locator('p').first().innerHTML()).toBe(
      'First line<br>\nsecond line of the same paragraph',
    );
    await expect(body.locator('p').nth(1)).toHaveText('A new paragraph.');
    await expect(body.locator('pre code')).toHaveText('const code = true;');
    expect(await body.locator('script').count()).toBe(0);
    expect(await body.locator('[onerror], [onclick]').count()).toBe(0);
    expect(await body.locator('a[href^="javascript"]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();

    // Comments: none yet; the form's rules; submitted; awaiting moderation; approved; shown.
    await expect(page.getByText('No comments yet. Be the first to comment!')).toBeVisible();
    const form = page.getByRole('form', { name: 'Leave a Comment' });
    // The form's rules, as its page's action checks them (the same with the page's code or without).
    await form.getByRole('button', { name: 'Submit Comment' }).click();
    await expect(form.getByText('Name must be at least 2 characters')).toBeVisible();
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();
    await expect(form.getByText('Comment must be at least 10 characters')).toBeVisible();
    await expect(form.getByText('Please complete the CAPTCHA verification')).toBeVisible();
    await form.getByLabel('Name').fill('Reader One');
    await form.getByLabel('Email').fill('reader@example.com');
    await form.getByLabel('Comment').fill('Clear explanation, thank you!');
    await form.getByLabel('Verification').fill('not-a-robot');
    await form.getByRole('button', { name: 'Submit Comment' }).click();
    await expectToast(
      page,
      'Comment submitted',
      'Your comment has been submitted and is awaiting moderation.',
    );
    await expect(form.getByLabel('Name')).toHaveValue('');
    await expect(page.getByText('No comments yet. Be the first to comment!')).toBeVisible();

    const pending = await (await admin.get('/api/admin/comments?status=pending&pageSize=100')).json();
    const mine = pending.items.find(
      (c: { content: string }) => c.content === 'Clear explanation, thank you!',
    );
    expect(mine).toBeTruthy();
    const approved = await admin.post('/api/admin/comments/moderate', {
      data: { ids: [mine.id], action: 'approve' },
    });
    expect(approved.status()).toBe(200);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Comments (1)' })).toBeVisible();
    await expect(page.getByText('Clear explanation, thank you!')).toBeVisible();
    await expect(page.getByText('reader@example.com')).toHaveCount(0);
    await expectAccessible(page, 'post with comments');
  });

  test('the comment form is in the HTML, a form that posts to the page, and what is typed before the code is live stays typed', async ({
    page,
    request,
  }) => {
    // The post's HTML names no script and no module: its code comes once it has been painted (ADR 017).
    const html = await (await request.get('/blog/one-schema-form-to-database')).text();
    expect(html).not.toMatch(/<link[^>]*modulepreload/);
    expect(html).not.toMatch(/<script[^>]*\ssrc=/);
    // Held back, the page's code leaves the server's form on screen, usable: it posts to the post's
    // page, and what is typed there is still there when the code arrives.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.mainFrame().goto('/blog/one-schema-form-to-database', { waitUntil: 'commit' });
    const form = page.getByRole('form', { name: 'Leave a Comment' });
    await expect(form).toHaveAttribute('method', 'post');
    await expect(form).toHaveAttribute('action', '/blog/one-schema-form-to-database#leave-comment');
    await form.getByLabel('Name').fill('Early Reader');
    await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
    release();
    await waitForHydration(page);
    await expect(form.getByLabel('Name')).toHaveValue('Early Reader');
    await expect(form.getByRole('button', { name: 'Submit Comment' })).toBeEnabled();
  });

  test("a missing post answers 404 with 'Post Not Found' and a way back", async ({ page, allowConsole }) => {
    allowConsole(/status of 404 \(Not Found\)/);
    const response = await page.goto('/blog/never-written');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('alert')).toContainText(
      "The blog post you're looking for doesn't exist or has been removed.",
    );
    await page.getByRole('link', { name: 'Back to Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });

  test('a comment that fails shows the error toast and keeps the text', async ({ page, allowConsole }) => {
    allowConsole(/status of 4\d\d/);
    // This visitor has already sent as many forms as the site takes from one address in ten minutes.
    for (let i = 0; i < 5; i++) await page.request.post('/api/blog/post/1/comments', { data: {} });
    await page.goto('/blog/one-schema-form-to-database');
    const form = page.getByRole('form', { name: 'Leave a Comment' });
    await form.getByLabel('Name').fill('Reader Two');
    await form.getByLabel('Email').fill('two@example.com');
    await form.getByLabel('Comment').fill('Does this work with zod 4?');
    await form.getByLabel('Verification').fill('not-a-robot');
    await form.getByRole('button', { name: 'Submit Comment' }).click();
    await expectToast(page, 'Error submitting comment', 'Too many requests. Please try again in');
    await expect(form.getByLabel('Comment')).toHaveValue('Does this work with zod 4?');
  });
});

test('a guest post is validated, kept through a reload, sent for review and thanked for', async ({
  page,
  admin,
}) => {
  await page.goto('/blog');
  await page.getByRole('link', { name: 'Contribute a guest post' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contribute a Guest Post' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Guest post' });
  await form.getByRole('button', { name: 'Submit for Review' }).click();
  for (const message of [
    'Title must be at least 5 characters',
    'Summary must be at least 20 characters',
    'Content must be at least 200 characters',
    'At least one tag is required',
    'Author name is required',
    'Valid email address is required',
    'CAPTCHA verification is required',
  ]) {
    await expect(form.getByText(message)).toBeVisible();
  }
  const title = `Bench notes ${Date.now()}`;
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Summary').fill('What a week of bench repairs taught me about patience.');
  await form.getByLabel('Content').fill(`${'Every board tells a story when you listen. '.repeat(8)}`);
  await form.getByLabel('Tags').fill('Repair, Electronics');
  await form.getByLabel('Your name').fill('Guest Writer');
  await form.getByLabel('Your email').fill('guest@example.com');
  // A reload on the way (a thumb on the phone, a crash) loses none of it.
  await page.reload();
  await expect(form.getByLabel('Title')).toHaveValue(title);
  await expect(form.getByLabel('Content')).toHaveValue(
    `${'Every board tells a story when you listen. '.repeat(8)}`,
  );
  await expect(form.getByLabel('Your email')).toHaveValue('guest@example.com');
  await form.getByLabel('Verification').fill('not-a-robot');
  await form.getByRole('button', { name: 'Submit for Review' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your contribution!' })).toBeFocused();
  await expect(page.getByText('is awaiting review')).toBeVisible();
  // Sent, it is no longer kept: another post starts blank.
  await page.getByRole('link', { name: 'Send another post' }).click();
  await expect(form.getByLabel('Title')).toHaveValue('');
  await page.reload();
  await expect(form.getByLabel('Content')).toHaveValue('');
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Thank you for your contribution!' })).toBeVisible();
  const list = await (await admin.get('/api/admin/contributions?status=pending&pageSize=100')).json();
  expect(list.items).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ title, authorName: 'Guest Writer', tags: ['Repair', 'Electronics'] }),
    ]),
  );
  await expectAccessible(page, '/contribute thanks');
});

// A signed-in reader's pages are React Router's whole (ADR 023): a post followed from the list
// loads in the page, its skeleton showing meanwhile. A visitor's list is islands, whose links load
// the post's page itself, whole in its HTML: there is nothing to stand in for.
test.describe('signed in', () => {
  test.use({ signedIn: 'user' });

  test('a post shows its skeleton while it loads after a click', async ({ page }) => {
    // Found by search: other tests may publish newer posts that push it to a later page.
    await page.goto('/blog?q=schema');
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/blog/*.data*', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('link', { name: 'One Schema from Form to Database', exact: true }).click();
    await expect(page.getByTestId('post-skeleton')).toBeVisible();
    release();
    await expect(
      page.getByRole('heading', { level: 1, name: 'One Schema from Form to Database' }),
    ).toBeVisible();
    await expect(page.getByTestId('post-skeleton')).toHaveCount(0);
  });
});
