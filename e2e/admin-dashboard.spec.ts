/**
 * The Admin Dashboard (issue 10): moderation, inbox, resume requests,
 * endorsements and analytics, as the owner uses them after visitors have sent
 * things through the public pages (who may reach it: admin-access.spec.ts).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, expectToast, sendQuote, test, writePost } from './fixtures.ts';

const unique = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6);

/** Creates a post through the admin API; 201 expected. */
async function createPost(admin: APIRequestContext, title: string, slug: string, isPublished = false) {
  await writePost(admin, {
    title,
    slug,
    summary: 'A post written by a browser test.',
    content: 'A body that is long enough to be a post, well over fifty characters in length.',
    tags: 'Testing',
    isPublished,
  });
}

/** Sends a comment through the post's form, as a visitor does (the form itself waits out the bot check's 3 s). */
async function submitComment(page: Page, name: string, content: string) {
  const form = page.getByRole('form', { name: 'Leave a Comment' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill(`${name.toLowerCase().replace(/\W+/g, '.')}@example.com`);
  await form.getByLabel('Comment').fill(content);
  await form.getByLabel('Verification').fill('not-a-robot');
  await form.getByRole('button', { name: 'Submit Comment' }).click();
  await expect(form.getByLabel('Name')).toHaveValue('');
}

test.describe('as the admin', () => {
  test('a visitor’s comment is approved in Moderation and shows on the post; others go to spam in bulk', async ({
    page,
    signInAs,
    admin,
  }) => {
    const id = unique();
    const slug = `moderated-${id}`;
    await createPost(admin, `Moderated post ${id}`, slug, true);

    await page.goto(`/blog/${slug}`);
    await submitComment(page, `Reader ${id}`, 'Approve me, I am a kind comment.');
    await submitComment(page, `Spammer A ${id}`, 'Cheap watches at a great price!');
    await submitComment(page, `Spammer B ${id}`, 'Cheap watches at a better price!');

    await signInAs('admin');
    await page.goto('/admin/blog');
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    await expect(nav.getByRole('link', { name: /^Moderation \d+ waiting$/ })).toBeVisible();
    await nav.getByRole('link', { name: /^Moderation/ }).click();
    await expect(page).toHaveURL(/\/admin\/blog\/moderation$/);

    const comment = page.getByRole('article', { name: `Comment by Reader ${id}` });
    await expect(comment).toContainText(`Moderated post ${id}`);
    await expect(comment).toContainText(`reader.${id}@example.com`);
    await expect(comment).toContainText('Approve me, I am a kind comment.');
    await expect(comment).toContainText(/IP \d+\.\d+\.\d+\.\d+/);
    await expectAccessible(page, 'moderation');

    await comment.getByRole('button', { name: `Approve the comment by Reader ${id}` }).click();
    await expectToast(page, 'Comment approved');
    await expect(comment).toBeHidden();

    // Bulk: both spam comments at once.
    await page.getByRole('checkbox', { name: `Select the comment by Spammer A ${id}` }).check();
    await page.getByRole('checkbox', { name: `Select the comment by Spammer B ${id}` }).check();
    await page.getByRole('button', { name: 'Mark spam selected' }).click();
    await expectToast(page, '2 comments marked as spam');
    await expect(page.getByRole('article', { name: `Comment by Spammer A ${id}` })).toBeHidden();
    await page.getByLabel('Show', { exact: true }).first().selectOption('spam');
    await expect(page.getByRole('article', { name: `Comment by Spammer B ${id}` })).toBeVisible();

    await page.goto(`/blog/${slug}`);
    await expect(page.getByRole('heading', { name: 'Comments (1)' })).toBeVisible();
    await expect(page.getByText('Approve me, I am a kind comment.')).toBeVisible();
    await expect(page.getByText('Cheap watches')).toHaveCount(0);
  });

  test('an approved guest post becomes a draft post the owner can edit', async ({ page, signInAs }) => {
    const title = `Guest notes ${unique()}`;
    await page.goto('/contribute');
    const form = page.getByRole('form', { name: 'Guest post' });
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Summary').fill('A guest writes about the repair bench and patience.');
    await form
      .getByLabel('Content')
      .fill(
        `## On the bench\n\n**Patience** first. ${'Every board tells a story when you listen. '.repeat(6)}`,
      );
    await form.getByLabel('Tags').fill('Repair, Guest');
    await form.getByLabel('Your name').fill('Guest Writer');
    await form.getByLabel('Your email').fill('guest.writer@example.com');
    await form.getByLabel('Verification').fill('not-a-robot');
    await form.getByRole('button', { name: 'Submit for Review' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for your contribution!' })).toBeFocused();

    await signInAs('admin');
    await page.goto('/admin/blog/moderation');
    const review = page.getByRole('article', { name: title });
    await expect(review).toContainText('Guest Writer');
    await expect(review).toContainText('guest.writer@example.com');
    await expect(review).toContainText('Waiting for review');
    await review.getByText('Preview the post').click();
    await expect(review.getByRole('heading', { name: 'On the bench' })).toBeVisible();
    await expect(review.locator('strong', { hasText: 'Patience' })).toBeVisible();
    await review.getByLabel('Review notes').fill('Lovely piece; tighten the intro.');
    await review.getByRole('button', { name: `Approve “${title}”` }).click();
    await expectToast(page, 'Guest post approved', `“${title}” is saved as a draft post.`);

    await page.getByLabel('Show', { exact: true }).nth(1).selectOption('reviewed');
    const reviewed = page.getByRole('article', { name: title });
    await expect(reviewed).toContainText('Approved');
    await expect(reviewed.getByLabel('Review notes')).toHaveValue('Lovely piece; tighten the intro.');
    await reviewed.getByRole('link', { name: 'Edit the draft post' }).click();
    await expect(page.getByRole('heading', { name: `Edit “${title}”` })).toBeVisible();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
    await expect(page.getByRole('list', { name: 'All posts' })).toContainText(title);
  });

  test('a quote request from the home page shows in the Inbox with every field; read, archive, filter', async ({
    page,
    signInAs,
  }) => {
    const name = `Dana ${unique()}`;
    await sendQuote(page, { name, email: 'dana.inbox@example.com' });
    await expectToast(page, 'Quote Request Sent');

    await signInAs('admin');
    await page.goto('/admin/blog');
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: /^Inbox \d+ waiting$/ })
      .click();
    const item = page.getByRole('article', { name: `Quote request from ${name}` });
    await expect(item).toContainText('Unread');
    for (const text of [
      'dana.inbox@example.com',
      '404-555-0199',
      'Smith Bakery',
      'E-commerce Store',
      '$5,000 – $10,000',
      'Within 3 months',
      'Yes, subscribe me',
      'An online shop for our cakes, with pickup times.',
      'Notification email',
    ]) {
      await expect(item).toContainText(text);
    }
    await expect(item.getByRole('link', { name: 'Reply by email' })).toHaveAttribute(
      'href',
      `mailto:dana.inbox@example.com?subject=${encodeURIComponent('Re: your e-commerce store quote request')}`,
    );
    await expectAccessible(page, 'inbox');

    await item.getByRole('button', { name: `Mark the request from ${name} as read` }).click();
    await expectToast(page, 'Marked as read');
    await expect(item).not.toContainText('Unread');

    // Only contact messages: the quote is not listed; back to all kinds.
    await page.getByLabel('Kind').selectOption('contact');
    await expect(page).toHaveURL(/kind=contact/);
    await expect(item).toBeHidden();
    await page.getByLabel('Kind').selectOption('all');
    await expect(item).toBeVisible();

    await item.getByRole('button', { name: `Archive the request from ${name}` }).click();
    await expectToast(page, 'Request archived');
    await expect(item).toBeHidden();
    await page.getByLabel('Show', { exact: true }).selectOption('archived');
    await expect(item).toBeVisible();
    await item.getByRole('button', { name: `Move back to the inbox the request from ${name}` }).click();
    await expectToast(page, 'Moved back to the inbox');
    await expect(item).toBeHidden();
  });

  test('a resume request shows, and its download is recorded', async ({ page, signInAs }) => {
    const name = `Riley ${unique()}`;
    await page.goto('/resume');
    const form = page.getByRole('form', { name: 'Resume request' });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill('riley.dashboard@example.com');
    await form.getByRole('textbox', { name: 'Company (optional)' }).fill('Acme Hiring');
    await form.getByRole('combobox', { name: 'Purpose' }).selectOption('freelance_project');
    await form.getByRole('textbox', { name: 'Message (optional)' }).fill('A short contract in spring.');
    await form.getByRole('button', { name: 'Request Resume' }).click();
    const download = page.getByRole('link', { name: 'Download Resume' });
    await expect(download).toHaveAttribute('href', /token=/);
    const pdfAddress = (await download.getAttribute('href')) ?? '';

    await signInAs('admin');
    await page.goto('/admin/blog/resume-requests');
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('riley.dashboard@example.com');
    await expect(row).toContainText('Acme Hiring');
    await expect(row).toContainText('Freelance project');
    await expect(row).toContainText('A short contract in spring.');
    await expect(row).toContainText('Not yet');
    await expectAccessible(page, 'resume requests');

    const pdf = await page.request.get(pdfAddress);
    expect(pdf.status()).toBe(200);
    await page.reload();
    await expect(row).toContainText(/Yes, \w+ \d+, \d{4}/);
  });

  test('removing an abusive endorsement lowers the skill’s count', async ({ page, signInAs }) => {
    const name = `Troll ${unique()}`;
    await page.goto('/');
    const skills = page.locator('#skills');
    await expect(skills.locator('[data-ready="true"]')).toBeAttached();
    const count = skills.getByRole('button', { name: /^Linux Servers: / });
    const before = Number(await count.textContent());
    await skills.getByRole('link', { name: 'Endorse this skill: Linux Servers' }).click();
    const dialog = page.getByRole('dialog', { name: 'Endorse this skill: Linux Servers' });
    await dialog.getByLabel('Your Name').fill(name);
    await dialog.getByLabel('Email').fill(`troll.${Date.now()}@example.com`);
    await dialog.getByLabel('Comment (optional)').fill('Rude words here.');
    await dialog.getByRole('button', { name: 'Submit Endorsement' }).click();
    await expectToast(page, 'Endorsement submitted');
    await expect(count).toHaveText(String(before + 1));
    const after = before + 1;

    await signInAs('admin');
    await page.goto('/admin/blog/endorsements');
    const skill = page.getByLabel('Skill');
    await expect(skill.locator('option', { hasText: 'Linux Servers' })).toHaveText(
      `Linux Servers (${after} endorsement${after === 1 ? '' : 's'})`,
    );
    await skill.selectOption({ label: `Linux Servers (${after} endorsement${after === 1 ? '' : 's'})` });
    const entry = page.getByRole('article', { name: `${name} on Linux Servers` });
    await expect(entry).toContainText('Rude words here.');
    await expect(entry).toContainText('rated 5 out of 5');
    await expectAccessible(page, 'endorsements');

    await page.getByRole('link', { name: `Remove ${name}’s endorsement of Linux Servers` }).click();
    const question = page.getByRole('group', {
      name: `Remove ${name}’s endorsement of Linux Servers? The skill’s count goes down by one.`,
    });
    // 'Keep it' takes the question away and keeps the skill chosen.
    await question.getByRole('link', { name: 'Keep it' }).click();
    await expect(question).toHaveCount(0);
    await expect(page).toHaveURL(/\?skill=\d+$/);
    await page.getByRole('link', { name: `Remove ${name}’s endorsement of Linux Servers` }).click();
    await question.getByRole('button', { name: 'Yes, remove it' }).click();
    await expectToast(page, 'Endorsement removed', `${name}’s endorsement of Linux Servers`);
    await expect(entry).toBeHidden();
    await expect(skill.locator('option', { hasText: 'Linux Servers' })).toHaveText(
      `Linux Servers (${after - 1} endorsement${after - 1 === 1 ? '' : 's'})`,
    );
    await page.goto('/');
    await expect(page.locator('#skills').getByRole('button', { name: /^Linux Servers: / })).toHaveText(
      String(after - 1),
    );
  });

  test('analytics shows the page views the test made', async ({ page, browser, baseURL, signInAs }) => {
    // A visitor on a phone, arriving from another site (headless Chromium's own agent counts as a bot).
    const visitor = await browser.newContext({
      baseURL: baseURL ?? '',
      viewport: { width: 390, height: 844 },
      userAgent:
        'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36',
    });
    const phone = await visitor.newPage();
    const referrer = `news-${unique()}.example.org`;
    for (let i = 0; i < 3; i++) {
      const reported = phone.waitForResponse('**/api/analytics/pageview');
      await phone.goto('/privacy', { referer: `https://${referrer}/front-page` });
      expect((await reported).status()).toBe(204);
    }
    await visitor.close();

    await signInAs('admin');
    await page.goto('/admin/blog/analytics');
    await expect(page.getByRole('heading', { name: 'Last 30 days' })).toBeVisible();
    await expect(page.getByRole('img', { name: /^Page views and visitors per day/ })).toBeVisible();
    const referrers = page.getByRole('table', { name: 'Sites that sent visitors' });
    await expect(referrers.getByRole('row', { name: new RegExp(`^${referrer} 3 1$`) })).toBeVisible();
    const pages = page.getByRole('table', { name: 'Most viewed pages' });
    const privacy = Number(
      (await pages
        .getByRole('row')
        .filter({ hasText: '/privacy' })
        .getByRole('cell')
        .first()
        .textContent()) ?? 0,
    );
    expect(privacy).toBeGreaterThanOrEqual(3);
    const devices = page.getByRole('table', { name: 'Page views by device' });
    await expect(devices.getByRole('rowheader', { name: 'Mobile' })).toBeVisible();
    await page.getByText('Show the figures per day').click();
    const today = new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
    const todayViews = Number(
      (await page
        .getByRole('table', { name: 'Page views and visitors per day' })
        .getByRole('row', { name: new RegExp(`^${today} `) })
        .getByRole('cell')
        .first()
        .textContent()) ?? 0,
    );
    expect(todayViews).toBeGreaterThanOrEqual(3);
    await expectAccessible(page, 'analytics');
  });

  for (const javaScriptEnabled of [true, false]) {
    test.describe(javaScriptEnabled ? 'with the page’s code' : 'without JavaScript', () => {
      test.use({ javaScriptEnabled });

      test('lists page through long data with Previous and Next', async ({ page, signInAs, admin }) => {
        const id = unique();
        for (let i = 0; i < 11; i++) {
          await createPost(admin, `Paging post ${id} ${i}`, `paging-${id}-${i}`);
        }
        await signInAs('admin');
        await page.goto('/admin/blog');
        // Links to the list's address: they page with the code and without it.
        const pager = page.getByRole('navigation', { name: 'Posts pages' });
        await expect(pager).toContainText(/Showing 1–10 of \d+/);
        await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
        await pager.getByRole('link', { name: 'Next' }).click();
        await expect(page).toHaveURL(/\/admin\/blog\?page=2$/);
        await expect(pager).toContainText(/Showing 11–/);
        await pager.getByRole('link', { name: 'Previous' }).click();
        await expect(page).toHaveURL(/\/admin\/blog$/);
        await expect(pager).toContainText(/Showing 1–10 of/);
      });
    });
  }
});
