/**
 * The dashboard's row actions without JavaScript (issue 63, ADR 018): every row's button is a form
 * that posts to its page, which comes back saying what was done; what cannot be undone is asked on
 * the page first. The same buttons with the page's code are in admin-dashboard, admin-blog and
 * testimonials.
 */
import { expect, sendQuote, test, visitorContext, writePost } from './fixtures.ts';

test.use({ javaScriptEnabled: false, refusedFormsExpected: true });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('comments moderated without JavaScript: one by its own button, two of all ticked at once, none ticked refused', async ({
  page,
  signInAs,
  admin,
}) => {
  const id = unique();
  const created = await writePost(admin, {
    title: `Moderated without scripts ${id}`,
    slug: `moderated-without-scripts-${id}`,
    summary: 'A post whose comments the owner moderates without JavaScript.',
    content: 'Spare keys are cheaper before the last one is lost: a locksmith clones a working key.',
    isPublished: true,
  });
  const postId = created.id as number;
  // Three readers' comments, through the API as the comment form's script sends them.
  const tokens: string[] = [];
  for (let i = 0; i < 3; i++) {
    tokens.push(
      (await (await page.request.get(`/api/form-token?form=comment&postId=${postId}`)).json()).token,
    );
  }
  // The bot check refuses a comment sooner than a person could type one: a wall-clock wait is the point.
  await page.waitForTimeout(3_300);
  const names = [`Kind Reader ${id}`, `Spammer A ${id}`, `Spammer B ${id}`];
  for (const [i, name] of names.entries()) {
    const comment = await page.request.post(`/api/blog/post/${postId}/comments`, {
      data: {
        name,
        email: `reader${i}.${id}@example.com`,
        content: i === 0 ? 'Thank you, this saved me a tow.' : `Cheap watches, offer ${i}!`,
        captchaToken: 'not-a-robot',
        formToken: tokens[i],
      },
    });
    expect(comment.status(), await comment.text()).toBe(201);
  }

  await signInAs('admin');
  await page.goto('/admin/blog/moderation');
  const bulk = page.getByRole('form', { name: 'Moderate comments' });
  // Nothing ticked: the server says so (without the page's code nothing counts the ticks).
  await bulk.getByRole('button', { name: 'Reject selected' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Select at least one comment' })).toBeVisible();

  const kind = page.getByRole('article', { name: `Comment by ${names[0]}` });
  await kind.getByRole('button', { name: `Approve the comment by ${names[0]}` }).click();
  await expect(page).toHaveURL(/\/admin\/blog\/moderation\?done=comments-approve-1$/);
  await expect(page.getByRole('status').filter({ hasText: 'Comment approved' })).toBeVisible();
  await expect(kind).toHaveCount(0);

  // 'Select all on this page' is a link to the page with its boxes ticked; the owner unticks the
  // comments to keep (here: any other test's too) and sends the rest.
  await bulk.getByRole('link', { name: 'Select all on this page' }).click();
  await expect(page.getByRole('heading', { name: 'Comments', exact: true })).toBeInViewport();
  const boxes = page.getByRole('list', { name: 'Comments' }).getByRole('checkbox');
  await expect(bulk.getByText(`${await boxes.count()} selected`)).toBeVisible();
  for (const box of await boxes.all()) {
    await expect(box).toBeChecked();
    const name = (await box.getAttribute('aria-label')) ?? '';
    if (!new RegExp(`^Select the comment by Spammer [AB] ${id}$`).test(name)) await box.uncheck();
  }
  await bulk.getByRole('button', { name: 'Mark spam selected' }).click();
  // Back with nothing ticked.
  await expect(page).toHaveURL(/\/admin\/blog\/moderation\?done=comments-spam-2$/);
  await expect(page.getByRole('status').filter({ hasText: '2 comments marked as spam' })).toBeVisible();
  await expect(page.getByRole('article', { name: new RegExp(`Comment by Spammer [AB] ${id}`) })).toHaveCount(
    0,
  );

  const shown = await (await page.request.get(`/api/blog/post/${postId}/comments`)).json();
  expect(JSON.stringify(shown)).toContain('Thank you, this saved me a tow.');
  expect(JSON.stringify(shown)).not.toContain('Cheap watches');
});

test("a draft's preview link made and revoked without JavaScript", async ({
  page,
  browser,
  baseURL,
  signInAs,
  admin,
}) => {
  const id = unique();
  const slug = `preview-without-scripts-${id}`;
  const created = await writePost(admin, {
    title: `Preview without scripts ${id}`,
    slug,
    summary: 'A draft the owner shares before it is published, without JavaScript.',
    content: 'A fob that works only up close usually needs a new battery, not a new fob.',
    isPublished: false,
  });
  const postId = created.id as number;

  await signInAs('admin');
  await page.goto(`/admin/blog?edit=${postId}`);
  const section = page.getByRole('region', { name: 'Preview link' });
  await section.getByRole('button', { name: 'Create preview link' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?edit=${postId}&done=preview-link$`));
  const address = await section.getByRole('textbox', { name: 'Preview link address' }).inputValue();
  expect(address).toMatch(new RegExp(`/blog/${slug}\\?preview=`));
  // The draft is still the owner's alone: the editor did not save or publish it.
  expect((await page.request.get(`/api/blog/${slug}`)).status()).toBe(404);

  const reader = await browser.newContext({ baseURL: baseURL ?? '', javaScriptEnabled: false });
  const readerPage = await reader.newPage();
  const shared = new URL(address);
  await readerPage.goto(shared.pathname + shared.search);
  await expect(readerPage.getByRole('heading', { level: 1 })).toHaveText(`Preview without scripts ${id}`);

  await section.getByRole('button', { name: 'Revoke link' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?edit=${postId}&done=preview-link-revoked$`));
  await expect(section.getByRole('button', { name: 'Create preview link' })).toBeVisible();
  await readerPage.reload();
  await expect(readerPage.getByRole('heading', { name: 'Post Not Found' })).toBeVisible();
  await reader.close();
});

test('a quote request marked read and archived from the Inbox without JavaScript', async ({
  page,
  browser,
  baseURL,
  signInAs,
}) => {
  const name = `Inbox Plain ${unique()}`;
  // A visitor sends a quote request with the page's code.
  const visitor = await visitorContext(browser, { baseURL: baseURL ?? '' });
  const visitorPage = await visitor.newPage();
  await sendQuote(visitorPage, { name, email: 'inbox.plain@example.com' });
  await expect(visitorPage.getByText('Your request is on its way.')).toBeVisible();
  await visitor.close();

  await signInAs('admin');
  await page.goto('/admin/blog/inbox?kind=quote');
  const item = page.getByRole('article', { name: `Quote request from ${name}` });
  await expect(item).toContainText('Unread');
  await item.getByRole('button', { name: `Mark the request from ${name} as read` }).click();
  await expect(page).toHaveURL(/\/admin\/blog\/inbox\?kind=quote&done=inbox-item-read$/);
  await expect(page.getByRole('status').filter({ hasText: 'Marked as read' })).toBeVisible();
  await expect(item).not.toContainText('Unread');

  await item.getByRole('button', { name: `Archive the request from ${name}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Request archived' })).toBeVisible();
  await expect(item).toHaveCount(0);
  await page.goto('/admin/blog/inbox?kind=quote&state=archived');
  await expect(item).toBeVisible();
});
