/**
 * The owner edits a post or a newsletter draft in one tab while it is changed in another (or on
 * their phone): the older tab's save never writes over the newer version unasked. It is refused with what was typed kept,
 * and the next press of 'Update Post' saves it over that version, as the refusal says; with the
 * page's code and without it. A post deleted meanwhile: the save says so, keeps what was typed, and
 * the next press creates it anew; so does a newsletter draft sent meanwhile.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, expectToast, test, writePost } from './fixtures.ts';

const changed = (what: string, button: string) =>
  `This ${what} was changed elsewhere after you opened it. Press '${button}' again to save your version over it, or reload the page to see the other changes.`;
const CHANGED = changed('post', 'Update Post');
const TYPED = 'Rewritten in the tab that was open all along.';
const DELETED =
  "This post was deleted elsewhere after you opened it. Press 'Create Post' to save your version as a new post.";
const DRAFT_DELETED =
  "This draft was deleted elsewhere after you opened it. Press 'Save draft' to save your version as a new draft.";
const DRAFT_SENT =
  "This draft was sent to the list from elsewhere after you opened it. Press 'Save draft' to save your version as a new draft.";

/** A newsletter draft written on the owner's phone, as the API answers it. */
async function newDraft(admin: APIRequestContext, subject: string, body: string): Promise<{ id: number }> {
  const created = await admin.post('/api/admin/newsletter/issues', { data: { subject, body } });
  expect(created.status()).toBe(201);
  return created.json();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'with the page’s code' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled, refusedFormsExpected: !javaScriptEnabled, signedIn: 'admin' });

    test('a save over changes made elsewhere is refused with everything kept, and the next press saves it', async ({
      page,
      admin,
      allowConsole,
    }) => {
      // Without the code, the refused save is the page answered 409, which the browser logs.
      allowConsole(/status of 409 \(Conflict\)/);
      const post = await writePost(admin, {
        title: 'Edited in two places at once',
        slug: `edited-in-two-places-${javaScriptEnabled ? 'js' : 'no-js'}-${Date.now().toString(36)}`,
        summary: 'The summary as it was first written.',
        content: 'A body long enough for the editor, about a key fob that stopped answering its car.',
        tags: ['Repair'],
      });
      const stored = async () => (await admin.get(`/api/admin/posts/${post.id}`)).json();
      await page.goto(`/admin/blog?edit=${post.id}`);
      const editor = page.getByRole('form', { name: /^Edit “/ });
      await expect(editor.getByLabel('Summary')).toHaveValue(post.summary);

      // Meanwhile, on the owner's phone.
      const phone = await admin.patch(`/api/admin/posts/${post.id}`, {
        data: { title: 'Retitled on the phone' },
      });
      expect(phone.status()).toBe(200);

      await editor.getByLabel('Summary').fill(TYPED);
      await editor.getByRole('button', { name: 'Update Post' }).click();
      if (javaScriptEnabled) await expectToast(page, 'Error', `Failed to update blog post: ${CHANGED}`);
      await expect(editor.getByRole('alert')).toContainText(CHANGED);
      // What was typed is still there, and what the phone saved is still stored.
      await expect(editor.getByLabel('Summary')).toHaveValue(TYPED);
      await expect(editor.getByLabel('Title')).toHaveValue(post.title);
      expect(await stored()).toMatchObject({ title: 'Retitled on the phone', summary: post.summary });
      // The editor now knows the version it would save over (its heading names it).
      await expect(page.getByRole('heading', { name: 'Edit “Retitled on the phone”' })).toBeVisible();

      await editor.getByRole('button', { name: 'Update Post' }).click();
      if (javaScriptEnabled) await expectToast(page, 'Post updated');
      else await expect(page.getByRole('status').filter({ hasText: 'Post updated' })).toBeVisible();
      expect(await stored()).toMatchObject({ title: post.title, summary: TYPED });
      await admin.delete(`/api/admin/posts/${post.id}`);
    });

    test('a save of a post deleted elsewhere keeps everything typed, and the next press creates it anew', async ({
      page,
      admin,
      allowConsole,
    }) => {
      allowConsole(/status of 404 \(Not Found\)/);
      const post = await writePost(admin, {
        title: 'Deleted while open',
        slug: `deleted-while-open-${javaScriptEnabled ? 'js' : 'no-js'}-${Date.now().toString(36)}`,
        summary: 'The summary as it was first written.',
        content: 'A body long enough for the editor, about a transponder key cut for a pickup truck.',
        tags: ['Locksmith'],
      });
      await page.goto(`/admin/blog?edit=${post.id}`);
      const editor = page.getByRole('form', { name: /^Edit “/ });
      await expect(editor.getByLabel('Summary')).toHaveValue(post.summary);

      // Meanwhile, on the owner's phone.
      expect((await admin.delete(`/api/admin/posts/${post.id}`)).status()).toBe(204);

      await editor.getByLabel('Summary').fill(TYPED);
      await editor.getByRole('button', { name: 'Update Post' }).click();
      if (javaScriptEnabled) await expectToast(page, 'Error', `Failed to update blog post: ${DELETED}`);
      // The editor holds a new post now, with everything that was in it.
      const anew = page.getByRole('form', { name: 'Create New Blog Post' });
      await expect(anew.getByRole('alert').first()).toContainText(DELETED);
      await expect(anew.getByLabel('Summary')).toHaveValue(TYPED);
      await expect(anew.getByLabel('Title')).toHaveValue(post.title);
      await expect(anew.getByLabel('Content')).toHaveValue(post.content);
      const list = page.getByRole('list', { name: 'All posts' });
      await expect(list.getByText(post.title, { exact: true })).toHaveCount(0);

      await anew.getByRole('button', { name: 'Create Post' }).click();
      if (javaScriptEnabled) await expectToast(page, 'Success!', 'Blog post created successfully.');
      else await expect(page.getByRole('status').filter({ hasText: 'Success!' })).toBeVisible();
      await expect(page).toHaveURL(/[?&]edit=\d+/);
      const id = Number(new URL(page.url()).searchParams.get('edit'));
      expect(id).not.toBe(post.id);
      const created = await (await admin.get(`/api/admin/posts/${id}`)).json();
      expect(created).toMatchObject({
        slug: post.slug,
        title: post.title,
        summary: TYPED,
        content: post.content,
      });
      await page.close();
      await admin.delete(`/api/admin/posts/${id}`);
    });

    test('a link to the editor of a deleted post says it is not found', async ({ page, admin }) => {
      const post = await writePost(admin, {
        title: 'Deleted before the link was followed',
        slug: `deleted-before-${javaScriptEnabled ? 'js' : 'no-js'}-${Date.now().toString(36)}`,
        summary: 'The summary as it was first written.',
        content: 'A body long enough for the editor, about a laptop hinge that cracked on a Monday.',
        tags: ['Repair'],
      });
      expect((await admin.delete(`/api/admin/posts/${post.id}`)).status()).toBe(204);
      await page.goto(`/admin/blog?edit=${post.id}`);
      await expect(page.getByRole('heading', { name: 'Post Not Found' })).toBeVisible();
      await expect(page.getByText('This post was deleted. Open another from the list below')).toBeVisible();
      await expect(page.getByRole('form', { name: /Blog Post|^Edit “/ })).toHaveCount(0);
      await page.getByRole('link', { name: 'Close editor' }).click();
      await expect(page).toHaveURL(/\/admin\/blog$/);
      await expect(page.getByRole('heading', { name: 'Post Not Found' })).toHaveCount(0);
    });

    test('a newsletter draft saved over elsewhere: refused with everything kept, saved at the next press', async ({
      page,
      admin,
      allowConsole,
    }) => {
      allowConsole(/status of 409 \(Conflict\)/);
      const created = await admin.post('/api/admin/newsletter/issues', {
        data: { subject: 'Spring hours', body: 'The workshop opens at eight from March.' },
      });
      expect(created.status()).toBe(201);
      const { id } = await created.json();
      const path = `/api/admin/newsletter/issues/${id}`;
      const stored = async () => (await admin.get(path)).json();
      await page.goto(`/admin/blog/newsletter?issue=${id}#compose`);
      const draft = page.getByRole('form', { name: /^Draft: / });
      await expect(draft.getByLabel('Body')).toHaveValue('The workshop opens at eight from March.');

      const phone = await admin.put(path, {
        data: { subject: 'Spring hours, from the phone', body: 'The workshop opens at eight from March.' },
      });
      expect(phone.status()).toBe(200);

      const typed = 'The workshop opens at half past seven from March.';
      await draft.getByLabel('Body').fill(typed);
      await draft.getByRole('button', { name: 'Save draft' }).click();
      const refusal = changed('draft', 'Save draft');
      if (javaScriptEnabled) await expectToast(page, 'Not saved', refusal);
      await expect(draft.getByRole('alert')).toContainText(refusal);
      await expect(draft.getByLabel('Body')).toHaveValue(typed);
      await expect(draft.getByLabel('Subject')).toHaveValue('Spring hours');
      expect(await stored()).toMatchObject({
        subject: 'Spring hours, from the phone',
        body: 'The workshop opens at eight from March.',
      });
      await expect(page.getByRole('form', { name: 'Draft: Spring hours, from the phone' })).toBeVisible();

      await draft.getByRole('button', { name: 'Save draft' }).click();
      if (javaScriptEnabled) await expectToast(page, 'Draft saved');
      else await expect(page.getByRole('status').filter({ hasText: 'Draft saved' })).toBeVisible();
      expect(await stored()).toMatchObject({ subject: 'Spring hours', body: typed });
      await admin.delete(path);
    });

    for (const happened of ['deleted', 'sent'] as const) {
      test(`a newsletter draft ${happened} elsewhere keeps what was typed, and the next press saves it as a new draft`, async ({
        page,
        admin,
        allowConsole,
      }) => {
        // Without the code, the refused save is the page answered 404 or 409, which the browser logs.
        allowConsole(/status of (404 \(Not Found\)|409 \(Conflict\))/);
        const subject = `Roadworks ${happened} ${javaScriptEnabled ? 'js' : 'no-js'} ${Date.now().toString(36)}`;
        const first = 'Park behind the workshop until the street reopens.';
        const { id } = await newDraft(admin, subject, first);
        await page.goto(`/admin/blog/newsletter?issue=${id}#compose`);
        const draft = page.getByRole('form', { name: `Draft: ${subject}` });
        await expect(draft.getByLabel('Body')).toHaveValue(first);

        // Meanwhile, on the owner's phone.
        const phone =
          happened === 'deleted'
            ? await admin.delete(`/api/admin/newsletter/issues/${id}`)
            : await admin.post(`/api/admin/newsletter/issues/${id}/send`);
        expect(phone.ok()).toBe(true);

        const typed = 'Park behind the workshop or on Elm Street until the street reopens.';
        const refusal = happened === 'deleted' ? DRAFT_DELETED : DRAFT_SENT;
        await draft.getByLabel('Body').fill(typed);
        await draft.getByRole('button', { name: 'Save draft' }).click();
        if (javaScriptEnabled) await expectToast(page, 'Not saved', refusal);
        const anew = page.getByRole('form', { name: 'New issue' });
        await expect(anew.getByRole('alert').first()).toContainText(refusal);
        await expect(anew.getByLabel('Body')).toHaveValue(typed);
        await expect(anew.getByLabel('Subject')).toHaveValue(subject);

        await anew.getByRole('button', { name: 'Save draft' }).click();
        if (javaScriptEnabled) await expectToast(page, 'Draft saved');
        else await expect(page.getByRole('status').filter({ hasText: 'Draft saved' })).toBeVisible();
        await expect(page).toHaveURL(/[?&]issue=\d+/);
        const saved = Number(new URL(page.url()).searchParams.get('issue'));
        expect(saved).not.toBe(id);
        const stored = await (await admin.get(`/api/admin/newsletter/issues/${saved}`)).json();
        expect(stored).toMatchObject({ subject, body: typed, status: 'draft' });
        // What the readers got is as it was sent.
        if (happened === 'sent') {
          expect(await (await admin.get(`/api/admin/newsletter/issues/${id}`)).json()).toMatchObject({
            body: first,
            status: 'sent',
          });
        }
        await page.close();
        await admin.delete(`/api/admin/newsletter/issues/${saved}`);
      });
    }

    test('a link to a draft deleted or sent since says so above a new issue’s form', async ({
      page,
      admin,
      allowConsole,
    }) => {
      allowConsole(/status of 404 \(Not Found\)/);
      const stamp = `${javaScriptEnabled ? 'js' : 'no-js'} ${Date.now().toString(36)}`;
      const deleted = await newDraft(admin, `Deleted ${stamp}`, 'Written, then deleted on the phone.');
      expect((await admin.delete(`/api/admin/newsletter/issues/${deleted.id}`)).status()).toBe(204);
      const sent = await newDraft(admin, `Sent ${stamp}`, 'Written, then sent from the phone.');
      expect((await admin.post(`/api/admin/newsletter/issues/${sent.id}/send`)).status()).toBe(200);

      for (const [id, title, message] of [
        [deleted.id, 'Draft not found', 'This draft was deleted. Write a new issue here.'],
        [sent.id, 'Issue sent already', 'This issue was sent already. Write a new issue here.'],
      ] as const) {
        await page.goto(`/admin/blog/newsletter?issue=${id}#compose`);
        const anew = page.getByRole('form', { name: 'New issue' });
        await expect(anew.getByRole('alert')).toContainText(title);
        await expect(anew.getByRole('alert')).toContainText(message);
        await expect(anew.getByLabel('Subject')).toHaveValue('');
        await expect(anew.getByLabel('Body')).toHaveValue('');
        await expect(page.getByRole('button', { name: 'Send now' })).toHaveCount(0);
      }
    });
  });
}

test.describe('while the page reads everything again', () => {
  test.use({ signedIn: 'admin' });

  test('another form’s save on the page leaves the open editor based on the version its fields show', async ({
    page,
    admin,
    allowConsole,
  }) => {
    allowConsole(/status of 409 \(Conflict\)/);
    const stamp = Date.now().toString(36);
    const open = await writePost(admin, {
      title: 'Open in the editor all along',
      slug: `open-in-the-editor-${stamp}`,
      summary: 'The summary as it was first written.',
      content: 'A body long enough for the editor, about a remote that lost its pairing overnight.',
      tags: ['Repair'],
    });
    const other = await writePost(admin, {
      title: `Published from the list ${stamp}`,
      slug: `published-from-the-list-${stamp}`,
      summary: 'Another post, published from its row.',
      content: 'A body long enough for the editor, about a dashboard that flickers in the cold.',
      tags: ['Repair'],
    });
    const stored = async () => (await admin.get(`/api/admin/posts/${open.id}`)).json();
    await page.goto(`/admin/blog?edit=${open.id}`);
    const editor = page.getByRole('form', { name: /^Edit “/ });
    await expect(editor.getByLabel('Summary')).toHaveValue(open.summary);
    await editor.getByLabel('Summary').fill(TYPED);

    // The phone retitles the open post; then the laptop publishes the other post from the list,
    // which reads the page again: the heading names the phone's title, the fields keep the older.
    const phone = await admin.patch(`/api/admin/posts/${open.id}`, {
      data: { title: 'Retitled on the phone' },
    });
    expect(phone.status()).toBe(200);
    await page
      .getByRole('list', { name: 'All posts' })
      .getByRole('button', { name: `Publish ${other.title}`, exact: true })
      .click();
    await expectToast(page, 'Post published', other.title);
    await expect(page.getByRole('heading', { name: 'Edit “Retitled on the phone”' })).toBeVisible();
    await expect(editor.getByLabel('Title')).toHaveValue(open.title);

    await editor.getByRole('button', { name: 'Update Post' }).click();
    await expectToast(page, 'Error', `Failed to update blog post: ${CHANGED}`);
    expect(await stored()).toMatchObject({ title: 'Retitled on the phone', summary: open.summary });
    await editor.getByRole('button', { name: 'Update Post' }).click();
    await expectToast(page, 'Post updated');
    expect(await stored()).toMatchObject({ title: open.title, summary: TYPED });
    // The page goes first: still open on the post, it would read it again once it is deleted (404).
    await page.close();
    await admin.delete(`/api/admin/posts/${open.id}`);
    await admin.delete(`/api/admin/posts/${other.id}`);
  });

  test('another form’s save on the page finds the open post deleted: the editor keeps its fields for a new post', async ({
    page,
    admin,
    allowConsole,
  }) => {
    // The page reads the open post again and is answered 404, which the browser logs.
    allowConsole(/status of 404 \(Not Found\)/);
    const stamp = Date.now().toString(36);
    const open = await writePost(admin, {
      title: 'Deleted on the phone',
      slug: `deleted-on-the-phone-${stamp}`,
      summary: 'The summary as it was first written.',
      content: 'A body long enough for the editor, about a car key that lost its buttons.',
      tags: ['Locksmith'],
    });
    const other = await writePost(admin, {
      title: `Published while the other was open ${stamp}`,
      slug: `published-while-open-${stamp}`,
      summary: 'Another post, published from its row.',
      content: 'A body long enough for the editor, about a phone that charges only at an angle.',
      tags: ['Repair'],
    });
    await page.goto(`/admin/blog?edit=${open.id}`);
    const editor = page.getByRole('form', { name: /^Edit “/ });
    await expect(editor.getByLabel('Summary')).toHaveValue(open.summary);
    await editor.getByLabel('Summary').fill(TYPED);

    // The phone deletes the open post; the laptop publishes the other one, which reads the page again.
    expect((await admin.delete(`/api/admin/posts/${open.id}`)).status()).toBe(204);
    await page
      .getByRole('list', { name: 'All posts' })
      .getByRole('button', { name: `Publish ${other.title}`, exact: true })
      .click();
    await expectToast(page, 'Post published', other.title);
    const anew = page.getByRole('form', { name: 'Create New Blog Post' });
    await expect(anew.getByRole('alert')).toContainText(DELETED);
    await expect(anew.getByLabel('Summary')).toHaveValue(TYPED);
    await expect(anew.getByLabel('Title')).toHaveValue(open.title);
    await expect(anew.getByRole('status', { name: 'Save state' })).toHaveText('Unsaved changes');
    await page.close();
    await admin.delete(`/api/admin/posts/${other.id}`);
  });

  test('a draft sent elsewhere and then here: the send is refused, and the editor says the draft was sent and keeps its fields', async ({
    page,
    admin,
    allowConsole,
  }) => {
    allowConsole(/status of 409 \(Conflict\)/);
    const subject = `Sent twice ${Date.now().toString(36)}`;
    const { id } = await newDraft(admin, subject, 'The workshop reopens on Monday.');
    await page.goto(`/admin/blog/newsletter?issue=${id}#compose`);
    const draft = page.getByRole('form', { name: `Draft: ${subject}` });
    await expect(draft.getByLabel('Body')).toHaveValue('The workshop reopens on Monday.');

    // The phone sends it; the laptop, not knowing, presses 'Send now' too.
    expect((await admin.post(`/api/admin/newsletter/issues/${id}/send`)).status()).toBe(200);
    await page.getByLabel(/I have checked the preview/).check();
    await page.getByRole('button', { name: 'Send now' }).click();
    await expectToast(page, 'Not sent', 'This issue was sent already');
    const anew = page.getByRole('form', { name: 'New issue' });
    await expect(anew.getByRole('alert')).toContainText(DRAFT_SENT);
    await expect(anew.getByLabel('Body')).toHaveValue('The workshop reopens on Monday.');
    await expect(anew.getByLabel('Subject')).toHaveValue(subject);
    await expect(page.getByRole('button', { name: 'Send now' })).toHaveCount(0);
    await page.close();
  });

  for (const happened of ['deleted', 'sent'] as const) {
    test(`another form’s save on the newsletter page finds the open draft ${happened}: its fields are kept for a new draft`, async ({
      page,
      admin,
      allowConsole,
    }) => {
      // The page reads the open draft again; once deleted, it is answered 404, which the browser logs.
      allowConsole(/status of 404 \(Not Found\)/);
      const subject = `Open while ${happened} ${Date.now().toString(36)}`;
      const { id } = await newDraft(admin, subject, 'The workshop moves next door in spring.');
      await page.goto(`/admin/blog/newsletter?issue=${id}#compose`);
      const draft = page.getByRole('form', { name: `Draft: ${subject}` });
      await expect(draft.getByLabel('Body')).toHaveValue('The workshop moves next door in spring.');
      const typed = 'The workshop moves next door in April, with parking at the back.';
      await draft.getByLabel('Body').fill(typed);

      // The phone deletes or sends it; the laptop imports a (header-only) CSV, which reads the page again.
      const phone =
        happened === 'deleted'
          ? await admin.delete(`/api/admin/newsletter/issues/${id}`)
          : await admin.post(`/api/admin/newsletter/issues/${id}/send`);
      expect(phone.ok()).toBe(true);
      const importer = page.getByRole('form', { name: 'Import subscribers' });
      await importer.getByLabel('CSV file').setInputFiles({
        name: 'nobody.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('email,consent\n'),
      });
      await importer.getByRole('button', { name: 'Import' }).click();
      await expect(page.getByRole('status').filter({ hasText: '0 added' })).toBeVisible();

      const anew = page.getByRole('form', { name: 'New issue' });
      await expect(anew.getByRole('alert')).toContainText(happened === 'sent' ? DRAFT_SENT : DRAFT_DELETED);
      await expect(anew.getByLabel('Body')).toHaveValue(typed);
      await expect(anew.getByLabel('Subject')).toHaveValue(subject);
      await page.close();
    });
  }
});
