/**
 * The owner's forms with JavaScript switched off (issue 30, ADR 013): each dashboard page is whole
 * in its HTML (the stored values in its fields, its lists) and its forms post to the page, whose
 * action sends them through the same API as the script. A save comes back to the page saying so;
 * a refusal shows the API's message with everything typed kept; nothing typed goes into an address.
 */
import type { APIRequestContext } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import { expect, expectNoneIn, ONE_PIXEL_PNG, ownerEntries, test, writePost } from './fixtures.ts';

test.use({ javaScriptEnabled: false, refusedFormsExpected: true });

interface StoredPost {
  id: number;
  slug: string;
  title: string;
  summary: string;
  tags: string[];
  coverImage: string;
  status: string;
}

async function storedPost(admin: APIRequestContext, id: number): Promise<StoredPost> {
  const response = await admin.get(`/api/admin/posts/${id}`);
  expect(response.status()).toBe(200);
  return response.json();
}

test.describe('signed in as the owner', () => {
  test.use({ signedIn: 'admin' });

  test('a post written without JavaScript: refused with the message and the text kept, then created, then edited', async ({
    page,
    admin,
    addresses,
  }) => {
    const title = `Fixing a dead key fob without scripts ${Date.now().toString(36)}`;
    const content = 'Open the case with a plastic pry tool, swap the CR2032 cell, and test it at the car.';

    // The section opens on the posts; 'New post' is a link, so it opens the editor without scripts too.
    await page.goto('/admin/blog');
    await page.getByRole('link', { name: 'New post' }).click();
    const editor = page.getByRole('form', { name: 'Create New Blog Post' });
    await editor.getByLabel('Title').fill(title);
    await editor.getByLabel('Summary').fill('Too short');
    await editor.getByLabel('Content').fill(content);
    await editor.getByLabel('Tags').fill('Repair, Keys');
    await editor.getByRole('button', { name: 'Create Post' }).click();

    // The form's rule (the shared schema, in the page's action), beside the field; everything typed is still there.
    const again = page.getByRole('form', { name: 'Create New Blog Post' });
    await expect(again.getByText('Summary must be at least 10 characters')).toBeVisible();
    await expect(again.getByLabel('Summary')).toHaveAttribute('aria-invalid', 'true');
    await expect(again.getByLabel('Title')).toHaveValue(title);
    await expect(again.getByLabel('Content')).toHaveValue(content);
    await expect(again.getByLabel('Tags')).toHaveValue('Repair, Keys');

    await again.getByLabel('Summary').fill('How to bring a dead key fob back in five minutes at the kerb.');
    await again.getByRole('button', { name: 'Create Post' }).click();
    await expect(page).toHaveURL(/\/admin\/blog\?edit=\d+&done=post-created$/);
    await expect(page.getByRole('status').filter({ hasText: 'Success!' })).toContainText(
      'Blog post created successfully.',
    );
    const id = Number(new URL(page.url()).searchParams.get('edit'));
    const created = await storedPost(admin, id);
    // The slug the script would have made from the title; a draft, since 'Publish now' was not checked.
    expect(created).toMatchObject({ title, tags: ['Repair', 'Keys'], status: 'draft' });
    expect(created.slug).toMatch(/^fixing-a-dead-key-fob-without-scripts-/);

    // The editor holds the stored post: change the title only, and nothing else is lost.
    const edit = page.getByRole('form', { name: `Edit “${title}”` });
    await expect(edit.getByLabel('Content')).toHaveValue(content);
    await edit.getByLabel('Title').fill(`${title} (updated)`);
    await edit.getByRole('button', { name: 'Update Post' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/blog\\?edit=${id}&done=post-updated$`));
    await expect(page.getByRole('status').filter({ hasText: 'Post updated' })).toContainText(
      'Your changes are saved.',
    );
    const updated = await storedPost(admin, id);
    expect(updated).toMatchObject({
      title: `${title} (updated)`,
      summary: created.summary,
      tags: created.tags,
      coverImage: created.coverImage,
      slug: created.slug,
    });
    // A reload asks for the page again, not the post.
    await page.reload();
    await expect(page.getByRole('form', { name: `Edit “${title} (updated)”` })).toBeVisible();
    expectNoneIn(addresses, [content, 'five minutes', 'Repair']);
    await admin.delete(`/api/admin/posts/${id}`);
  });

  test('a post previewed without JavaScript, then its cover and an inline image chosen; an image needs its description and is kept till it has one', async ({
    page,
    admin,
  }) => {
    const title = `A fob's board, photographed without scripts ${Date.now().toString(36)}`;
    const content =
      'The board after a night in rice: **corrosion** around the button pads, none on the chip.';
    const png = { name: 'board.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG };
    await page.goto('/admin/blog?new');
    const form = page.getByRole('form', { name: 'Create New Blog Post' });
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Summary').fill('What a wet key fob looks like inside, and what to clean.');
    await form.getByLabel('Content').fill(content);

    // 'Preview' posts the fields as the preview's form: the page comes back with it, in view, and
    // with every field as it was; nothing is saved.
    await form.getByRole('button', { name: 'Preview' }).click();
    const editor = page.getByRole('form', { name: 'Create New Blog Post' });
    const preview = editor.getByRole('region', { name: 'Preview' });
    await expect(preview.getByText('corrosion', { exact: true })).toHaveJSProperty('tagName', 'STRONG');
    await expect(preview).toBeFocused();
    await expect(preview).toBeInViewport();
    await expect(editor.getByLabel('Title')).toHaveValue(title);
    await expect(editor.getByLabel('Content')).toHaveValue(content);
    expect(await ownerEntries(admin, '/api/admin/posts?pageSize=100', 'title', title)).toEqual([]);
    // The file pickers themselves stand in for the upload buttons, which need the page's code.
    await expect(editor.getByRole('button', { name: 'Upload cover' })).toBeHidden();
    await editor.getByLabel('Cover image file').setInputFiles({ ...png, name: 'cover.png' });
    await editor.getByLabel('Image or video to insert').setInputFiles(png);
    await editor.getByRole('button', { name: 'Create Post' }).click();

    // The image waits for its description; the cover is stored already, and shown.
    const again = page.getByRole('form', { name: 'Create New Blog Post' });
    const description = again.getByLabel('Image description');
    await expect(description).toHaveAttribute('aria-invalid', 'true');
    await expect(description).toHaveAccessibleDescription(/Describe the image for people who cannot see it$/);
    await expect(again.getByLabel('Cover image URL')).toHaveValue(/^\/uploads\/[\w-]+\.webp$/);
    const cover = await again.getByLabel('Cover image URL').inputValue();
    await expect(
      again.getByRole('figure').filter({ hasText: 'The cover as visitors will see it.' }).locator('img'),
    ).toHaveAttribute('src', cover);
    await expect(again.getByLabel('Content')).toHaveValue(content);

    // It is stored already, and shown: the description alone puts it in. The preview shows it so.
    const waiting = again.getByRole('figure').filter({ hasText: 'it goes in once it has its description' });
    await expect(waiting.locator('img')).toHaveAttribute('src', /^\/uploads\/[\w-]+\.webp$/);
    const image = await waiting.locator('img').getAttribute('src');
    await again.getByLabel('Image description').fill('Green corrosion around the button pads');
    await again.getByRole('button', { name: 'Preview' }).click();
    const previewed = page.getByRole('form', { name: 'Create New Blog Post' });
    await expect(
      previewed.getByRole('region', { name: 'Preview' }).getByRole('img', {
        name: 'Green corrosion around the button pads',
      }),
    ).toHaveAttribute('src', image ?? '');
    expect((await previewed.getByLabel('Content').inputValue()).trim()).toBe(
      `${content}\n\n![Green corrosion around the button pads](${image})`,
    );
    await expect(previewed.getByRole('figure').filter({ hasText: 'it goes in once' })).toHaveCount(0);
    expect(await ownerEntries(admin, '/api/admin/posts?pageSize=100', 'title', title)).toEqual([]);
    await previewed.getByRole('button', { name: 'Create Post' }).click();
    await expect(page).toHaveURL(/\/admin\/blog\?edit=\d+&done=post-created$/);
    const id = Number(new URL(page.url()).searchParams.get('edit'));
    const created = (await (await admin.get(`/api/admin/posts/${id}`)).json()) as StoredPost & {
      content: string;
    };
    expect(created.coverImage).toBe(cover);
    // At the end of the content, a paragraph of its own, as the code would have put it at the caret's end.
    expect(created.content).toMatch(
      /none on the chip\.\n\n!\[Green corrosion around the button pads\]\(\/uploads\/[\w-]+\.webp\)$/,
    );
    expect(created.content).toContain(`(${image})`);
    await admin.delete(`/api/admin/posts/${id}`);
  });

  test('asking a client for a testimonial without JavaScript shows the private link once', async ({
    page,
    admin,
    addresses,
  }) => {
    const client = `Jamie Nojs ${Date.now().toString(36)}`;
    await page.goto('/admin/blog/testimonials');
    await page.getByLabel('Client name').fill(client);
    await page.getByRole('button', { name: 'Create link' }).click();
    const box = page.getByRole('status').filter({ hasText: `Send this private link to ${client}` });
    await expect(box).toContainText('/testimonial/');
    const list = await (await admin.get('/api/admin/testimonials')).json();
    expect(list.filter((item: { clientName: string }) => item.clientName === client)).toHaveLength(1);
    expectNoneIn(addresses, [client]);
  });

  test('availability saved without JavaScript: a wrong time zone refused and kept, then a date blocked', async ({
    page,
    admin,
  }) => {
    const before = await (await admin.get('/api/admin/booking-settings')).json();
    try {
      await page.goto('/admin/blog/bookings');
      const form = page.getByRole('form', { name: 'Availability' });
      // The stored settings are in the page's fields.
      await expect(form.getByLabel('Time zone')).toHaveValue(before.timeZone);
      await form.getByLabel('Time zone').fill('Mars/Olympus_Mons');
      await form.getByRole('button', { name: 'Save availability' }).click();
      const again = page.getByRole('form', { name: 'Availability' });
      await expect(again.getByRole('alert')).toBeVisible();
      await expect(again.getByLabel('Time zone')).toHaveValue('Mars/Olympus_Mons');
      expect(await (await admin.get('/api/admin/booking-settings')).json()).toEqual(before);

      await again.getByLabel('Time zone').fill(before.timeZone);
      // Far beyond how far ahead calls can be booked: the booking tests running beside this see no change.
      await again.getByLabel('Date to block').fill('2031-01-02');
      await again.getByRole('button', { name: 'Save availability' }).click();
      await expect(page).toHaveURL(/\/admin\/blog\/bookings\?done=availability$/);
      await expect(page.getByRole('status').filter({ hasText: 'Availability saved' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Blocked dates' })).toContainText('2031-01-02');
      const after = await (await admin.get('/api/admin/booking-settings')).json();
      expect(after).toEqual({
        ...before,
        blockedDates: [...before.blockedDates, '2031-01-02'].sort(),
        updatedAt: expect.not.stringMatching(before.updatedAt),
      });
    } finally {
      await admin.put('/api/admin/booking-settings', { data: before });
    }
  });

  test('Your data without JavaScript: a backup written, then a zip of posts previewed and imported', async ({
    page,
    admin,
  }, testInfo) => {
    const before = (await (await admin.get('/api/admin/backups')).json()).items.length;
    await page.goto('/admin/blog/data');
    await page.getByRole('button', { name: 'Back up now' }).click();
    await expect(page).toHaveURL(/\/admin\/blog\/data\?done=backup$/);
    await expect(page.getByRole('status').filter({ hasText: 'Backup written' })).toBeVisible();
    expect((await (await admin.get('/api/admin/backups')).json()).items.length).toBe(before + 1);

    const slug = `nojs-import-${testInfo.workerIndex}-${Date.now().toString(36)}`;
    const zip = {
      name: 'posts.zip',
      mimeType: 'application/zip',
      buffer: Buffer.from(
        zipSync({
          [`posts/${slug}.md`]: strToU8(
            `---\ntitle: Imported without scripts\nsummary: A post brought over by a plain form post.\n---\n\nThis post came over in a zip posted by the browser itself, with no script on the page.\n`,
          ),
        }),
      ),
    };
    const form = () => page.getByRole('form', { name: 'Import posts' });
    await form().getByLabel('Zip of Markdown posts').setInputFiles(zip);
    await form().getByRole('button', { name: 'Preview import' }).click();
    await expect(
      page.getByText(/^Nothing is written yet\. Each file and what importing it would do/),
    ).toBeVisible();
    await expect(
      page
        .getByRole('table')
        .getByRole('row')
        .filter({ hasText: `${slug}.md` }),
    ).toContainText('New');
    expect((await admin.get(`/api/admin/posts/by-slug/${slug}`)).status()).toBe(404);

    await form().getByLabel('Zip of Markdown posts').setInputFiles(zip);
    await form().getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByText('Imported. Each file and what happened to it:')).toBeVisible();
    expect((await admin.get(`/api/admin/posts/by-slug/${slug}`)).status()).toBe(200);
    expect(new URL(page.url()).search).toBe('');
  });

  test('every dashboard page is whole in its HTML: its lists and counts, no loading placeholder', async ({
    page,
  }) => {
    for (const section of [
      '',
      '/moderation',
      '/inbox',
      '/pipeline',
      '/outbox',
      '/testimonials',
      '/bookings',
      '/resume-requests',
      '/endorsements',
      '/analytics',
      '/data',
      '/security',
    ]) {
      await page.goto(`/admin/blog${section}`);
      await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeVisible();
      await expect(page.getByText(/Loading [a-z]/), `/admin/blog${section}`).toHaveCount(0);
    }
    // The analytics' figures are there without any script.
    await page.goto('/admin/blog/analytics');
    await expect(page.getByRole('heading', { name: 'Last 30 days' })).toBeVisible();
    await expect(page.getByText('Page views', { exact: true }).first()).toBeVisible();
  });
});

test('the owner unpublishes, publishes and deletes a post from the list without JavaScript; its cover and tags stay', async ({
  page,
  signInAs,
  admin,
}) => {
  const title = `Publish without scripts ${Date.now()}`;
  const slug = `publish-without-scripts-${Date.now().toString(36)}`;
  await writePost(admin, {
    title,
    slug,
    summary: 'A post the owner takes off the blog and puts back without JavaScript.',
    content: 'Immobilisers pair a key with the car: a new key is cut, then taught to the car.',
    coverImage: '/images/posts/transponder-keys-explained.svg',
    tags: ['Keys', 'Automotive'],
    isPublished: true,
  });
  await signInAs('admin');
  await page.goto('/admin/blog');
  const list = page.getByRole('list', { name: 'All posts' });
  await list.getByRole('button', { name: `Unpublish ${title}` }).click();
  await expect(page).toHaveURL(/\/admin\/blog\?done=post-unpublished$/);
  await expect(page.getByRole('status').filter({ hasText: 'Post unpublished' })).toBeVisible();
  expect((await page.request.get(`/api/blog/${slug}`)).status()).toBe(404);
  await list.getByRole('button', { name: `Publish ${title}`, exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/blog\?done=post-published$/);
  await expect(list.getByRole('button', { name: `Unpublish ${title}` })).toBeVisible();
  const post = await (await page.request.get(`/api/blog/${slug}`)).json();
  expect(post).toMatchObject({
    title,
    coverImage: '/images/posts/transponder-keys-explained.svg',
    tags: ['Keys', 'Automotive'],
    isPublished: true,
  });

  // Deleted from the list: asked on the page first, at the post; 'Keep it' keeps it.
  await list.getByRole('link', { name: `Delete ${title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/blog\\?delete=${post.id}#post-${post.id}$`));
  const question = list.getByRole('group', { name: `Delete “${title}”? This cannot be undone.` });
  await question.getByRole('link', { name: 'Keep it' }).click();
  await expect(question).toHaveCount(0);
  expect((await page.request.get(`/api/blog/${slug}`)).status()).toBe(200);
  await list.getByRole('link', { name: `Delete ${title}` }).click();
  await question.getByRole('button', { name: 'Yes, delete it' }).click();
  await expect(page).toHaveURL(/\/admin\/blog\?done=post-delete$/);
  await expect(page.getByRole('status').filter({ hasText: 'Post deleted' })).toBeVisible();
  await expect(list.getByText(title)).toHaveCount(0);
  expect((await page.request.get(`/api/blog/${slug}`)).status()).toBe(404);
});

test('the owner opens a post from the list, closes the editor and logs out without JavaScript', async ({
  page,
  admin,
  signInAs,
}) => {
  const stamp = Date.now().toString(36);
  const title = `Opened without scripts ${stamp}`;
  const post = await writePost(admin, {
    title,
    slug: `opened-without-scripts-${stamp}`,
    summary: 'A post for the owner to open and close without JavaScript.',
    content: 'A body long enough to be a post, well over fifty characters in length.',
    tags: ['Testing'],
  });
  await signInAs('admin');
  await page.goto('/admin/blog');
  // 'Edit' and 'Close editor' are links to the page with and without the editor.
  await page
    .getByRole('list', { name: 'All posts' })
    .getByRole('link', { name: `Edit ${title}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/blog\\?edit=${post.id}$`));
  const editor = page.getByRole('form', { name: `Edit “${title}”` });
  await expect(editor.getByLabel('Title')).toHaveValue(title);
  await editor.getByRole('link', { name: 'Close editor' }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(page.getByRole('form', { name: /^Edit / })).toHaveCount(0);

  // The account menu is the browser's own popover: the dashboard's link, and 'Log out' a form.
  await page.goto('/blog');
  await page.getByRole('button', { name: 'Account menu for @e2e-owner' }).click();
  await expect(page.getByRole('link', { name: 'Admin Dashboard' })).toBeVisible();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/blog\?done=logout$/);
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  expect((await page.request.get('/api/user')).status()).toBe(401);
  await admin.delete(`/api/admin/posts/${post.id}`);
});

test('the owner filters the inbox without JavaScript, one filter kept as the other is applied', async ({
  page,
  admin,
  signInAs,
}) => {
  const stamp = Date.now().toString(36);
  // A quote request, archived: the inbox shows it only when asked for archived quotes.
  const name = `Archived Asker ${stamp}`;
  const sent = await page.request.post('/api/contact', {
    data: {
      name,
      email: `asker.${stamp}@example.com`,
      projectType: 'website',
      budget: '5-10k',
      timeframe: '3months',
      message: 'A shop for our bakery, with pickup times.',
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const [quote] = await ownerEntries(
    admin,
    '/api/admin/inbox?kind=quote&state=open&pageSize=50',
    'name',
    name,
  );
  expect(quote).toBeDefined();
  expect(
    (await admin.patch(`/api/admin/inbox/quote/${quote?.id}`, { data: { archived: true } })).status(),
  ).toBe(204);
  await signInAs('admin');

  await page.goto('/admin/blog/inbox');
  await expect(page.getByText(name)).toHaveCount(0);
  const kind = page.getByRole('combobox', { name: 'Kind' });
  await kind.selectOption('quote');
  await kind.locator('xpath=ancestor::form').getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/\/admin\/blog\/inbox\?kind=quote$/);
  const state = page.getByRole('combobox', { name: 'Show' });
  await state.selectOption('archived');
  await state.locator('xpath=ancestor::form').getByRole('button', { name: 'Apply' }).click();
  // The other filter is kept.
  await expect(page).toHaveURL(/\/admin\/blog\/inbox\?kind=quote&state=archived$/);
  await expect(page.getByRole('combobox', { name: 'Kind' })).toHaveValue('quote');
  await expect(page.getByText(name).first()).toBeVisible();
});

test.describe('a visitor writes first, then the owner signs in and answers', () => {
  test('the owner answers a comment on the post without JavaScript', async ({
    page,
    signInAs,
    admin,
    addresses,
  }) => {
    const slug = `reply-without-scripts-${Date.now().toString(36)}`;
    const post = await writePost(admin, {
      title: 'Reply without scripts',
      slug,
      summary: 'A post for the owner to answer a comment on without JavaScript.',
      content:
        'Ask me anything about transponder keys: cloning, PIN codes, spares and what a dealer charges.',
      tags: ['Keys'],
      isPublished: true,
    });
    const postId = post.id as number;
    // A reader's comment, through the API as the comment form's script sends it.
    const token = await (await page.request.get(`/api/form-token?form=comment&postId=${postId}`)).json();
    const issued = Date.now();
    // The bot check refuses a comment sooner than a person could type one: a wall-clock wait is the point.
    await page.waitForTimeout(Math.max(0, issued + 3_300 - Date.now()));
    const comment = await page.request.post(`/api/blog/post/${postId}/comments`, {
      data: {
        name: 'Casey Reader',
        email: 'casey@example.com',
        content: 'Can a 2012 key be cloned?',
        captchaToken: 'not-a-robot',
        formToken: token.token,
      },
    });
    expect(comment.status(), await comment.text()).toBe(201);

    await signInAs('admin');
    await page.goto('/admin/blog/moderation');
    const row = page.getByRole('article', { name: 'Comment by Casey Reader' });
    // The disclosure opens without any script.
    await row.getByText('Reply to the comment by Casey Reader', { exact: true }).click();
    const form = row.getByRole('form', { name: 'Reply to Casey Reader' });
    await form.getByLabel('Your reply to Casey Reader').fill('x');
    await form.getByRole('button', { name: 'Post reply' }).click();
    // Refused by the form's rule (the shared schema, in the page's action); the text kept in the reopened form.
    const refused = page.getByRole('form', { name: 'Reply to Casey Reader' });
    await expect(refused.getByText('Reply must be at least 2 characters')).toBeVisible();
    await expect(refused.getByLabel('Your reply to Casey Reader')).toHaveValue('x');
    await refused.getByLabel('Your reply to Casey Reader').fill('Yes, with its PIN from the dealer.');
    await refused.getByRole('button', { name: 'Post reply' }).click();
    await expect(page).toHaveURL(/\/admin\/blog\/moderation\?done=reply#comment-\d+$/);
    await expect(page.getByRole('status').filter({ hasText: 'Reply posted' })).toBeVisible();

    // Again from the post itself.
    await page.goto(`/blog/${slug}`);
    await page.getByText('Reply to Casey Reader', { exact: true }).click();
    await page.getByLabel('Your reply to Casey Reader').fill('Bring the car and both keys.');
    await page.getByRole('button', { name: 'Post reply' }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/${slug}\\?done=reply#comment-\\d+$`));
    const replies = page.getByRole('list', { name: 'Replies to Casey Reader' });
    await expect(replies).toContainText('Yes, with its PIN from the dealer.');
    await expect(replies).toContainText('Bring the car and both keys.');
    expectNoneIn(addresses, ['PIN from the dealer', 'both keys']);
    await admin.delete(`/api/admin/posts/${postId}`);
  });

  test('a request moved, valued and noted on the pipeline board without JavaScript', async ({
    page,
    baseURL,
    signInAs,
    admin,
    addresses,
  }) => {
    const name = `Riley Board ${Date.now().toString(36)}`;
    // A quote request as the home page's form posts it without its code.
    const sent = await page.request.post('/?index', {
      form: {
        _form: 'quote',
        name,
        email: 'riley.board@example.com',
        projectType: 'website',
        budget: '2-5k',
        timeframe: '1month',
        message: 'A site for my key-cutting kiosk, with opening hours and prices.',
      },
      headers: { origin: baseURL as string },
      maxRedirects: 0,
    });
    expect(sent.status(), await sent.text()).toBe(303);

    await signInAs('admin');
    await page.goto('/admin/blog/pipeline');
    const card = () => page.getByRole('article', { name: `Quote request from ${name}` });
    await expect(
      page.getByRole('list', { name: 'New' }).getByRole('article', { name: `Quote request from ${name}` }),
    ).toBeVisible();

    // The stage: choose, then 'Move' (before the code, a change of the select alone sends nothing).
    await card().getByLabel(`Stage of the request from ${name}`).selectOption('proposal');
    await card().getByRole('button', { name: 'Move' }).click();
    await expect(page).toHaveURL(/\/admin\/blog\/pipeline\?done=stage$/);
    await expect(page.getByRole('status').filter({ hasText: 'Moved' })).toBeVisible();
    await expect(
      page
        .getByRole('list', { name: 'Proposal sent' })
        .getByRole('article', { name: `Quote request from ${name}` }),
    ).toBeVisible();

    // The value: refused with the API's message and kept, then saved.
    await card().getByText('Value, notes and history').click();
    const value = card().getByRole('form', { name: `Value of the request from ${name}` });
    await value.getByLabel('Value (US dollars)').fill('lots');
    await value.getByRole('button', { name: 'Save' }).click();
    const again = card().getByRole('form', { name: `Value of the request from ${name}` });
    await expect(again).toContainText('Value must be a whole number of dollars');
    await expect(again.getByLabel('Value (US dollars)')).toHaveValue('lots');
    await again.getByLabel('Value (US dollars)').fill('$4,500');
    await again.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\?done=value$/);
    await expect(card()).toContainText('$4,500');

    // A note.
    await card().getByText('Value, notes and history').click();
    const note = card().getByRole('form', { name: `Note on the request from ${name}` });
    await note.getByLabel('Note', { exact: true }).fill('Called back: wants the price list by Friday.');
    await note.getByRole('button', { name: 'Add note' }).click();
    await expect(page).toHaveURL(/\?done=note$/);
    await expect(page.getByRole('status').filter({ hasText: 'Note added' })).toBeVisible();
    const board = await (await admin.get('/api/admin/pipeline')).json();
    const stored = board.columns
      .flatMap((column: { quotes: Array<{ id: number; name: string }> }) => column.quotes)
      .find((quote: { name: string }) => quote.name === name);
    expect(stored).toMatchObject({ stage: 'proposal', valueUsd: 4500 });
    const history = await (await admin.get(`/api/admin/quotes/${stored.id}/history`)).json();
    expect(history.map((event: { note: string | null }) => event.note)).toContain(
      'Called back: wants the price list by Friday.',
    );
    expectNoneIn(addresses, ['price list', '4,500', 'lots']);
  });
});

test.describe("signed in with a visitor's account", () => {
  test.use({ signedIn: 'user' });

  test('an image generated without JavaScript: a short prompt refused and kept, then the image shown', async ({
    page,
    addresses,
  }) => {
    await page.goto('/generate-images');
    const form = page.getByRole('form', { name: 'Generate an image' });
    await form.getByLabel('Prompt').fill('A key');
    await form.getByRole('button', { name: 'Generate Image' }).click();
    await expect(page.getByRole('alert')).toContainText('at least 10 characters');
    await expect(page.getByRole('textbox', { name: 'Prompt' })).toHaveValue('A key');
    const prompt = 'A red car and golden keys on a dark background';
    await page.getByRole('textbox', { name: 'Prompt' }).fill(prompt);
    await page.getByLabel('Size').selectOption('1792x1024');
    await page.getByRole('button', { name: 'Generate Image' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Image Generated' })).toBeVisible();
    const image = page
      .getByRole('region', { name: 'Preview' })
      .getByRole('img', { name: `Generated from the prompt: ${prompt}` });
    await expect(image).toBeVisible();
    // Shown, and its picture loaded: decode() waits for the file (an image laid out by its size
    // attributes is visible before its bytes arrive) and fails if they are not a picture.
    expect(
      await image.evaluate((element) =>
        (element as HTMLImageElement).decode().then(() => (element as HTMLImageElement).naturalWidth),
      ),
    ).toBeGreaterThan(0);
    await expect(page.getByLabel('Size')).toHaveValue('1792x1024');
    expectNoneIn(addresses, ['golden keys', 'A key']);
  });

  test('an example prompt picked without JavaScript fills the prompt, and generates', async ({
    page,
    addresses,
  }) => {
    await page.goto('/generate-images');
    // The tabs are links without the page's code.
    const tabs = page.getByRole('navigation', { name: 'Image generator' });
    await expect(tabs.getByRole('link', { name: 'Image Generator' })).toHaveAttribute('aria-current', 'page');
    await tabs.getByRole('link', { name: 'Example Prompts' }).click();
    await expect(tabs.getByRole('link', { name: 'Example Prompts' })).toHaveAttribute('aria-current', 'page');
    const example = 'A red car and golden keys on a dark background, as an automotive locksmith blog header';
    const examples = page.getByRole('tabpanel', { name: 'Example Prompts' }).getByRole('link');
    await expect(examples).toHaveCount(9);
    await examples.filter({ hasText: example }).click();
    const form = page.getByRole('form', { name: 'Generate an image' });
    await expect(form.getByRole('textbox', { name: 'Prompt' })).toHaveValue(example);
    await expect(form).toBeInViewport();
    await form.getByRole('button', { name: 'Generate Image' }).click();
    await expect(
      page
        .getByRole('region', { name: 'Preview' })
        .getByRole('img', { name: `Generated from the prompt: ${example}` }),
    ).toBeVisible();
    // The example is named by its number: its words stay out of the address.
    expect(addresses.some((address) => address.includes('example=4'))).toBe(true);
    expectNoneIn(addresses, ['golden keys']);
  });
});
