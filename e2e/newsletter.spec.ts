/**
 * The newsletter as its readers and the owner use it (issue 35): subscribing under a post on a
 * phone, confirming by the emailed link, leaving and coming back on the unsubscribe page, the
 * quote form's box, a form pressed before its code arrives, and the dashboard's Newsletter
 * section (an issue written, previewed, tested and sent; a subscriber found and deleted).
 * Email is not set up in the browser tests: the links are read from the owner's outbox.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, ownerEntries, reachForPage, sendQuote, test } from './fixtures.ts';

const POST = '/blog/transponder-keys-explained';
const ANSWER = 'Almost there: check your inbox and press the link in the email to confirm your subscription.';
const unique = (name: string) =>
  `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** The confirmation link emailed to `email` (waiting in the outbox). */
async function confirmLink(admin: APIRequestContext, email: string): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const messages = await ownerEntries(admin, '/api/admin/outbox?pageSize=100', 'recipient', email);
      link =
        String(messages[0]?.body ?? '').match(/https?:\/\/[^\s]+\/newsletter\/confirm\/[\w-]+/)?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  return new URL(link).pathname;
}

async function subscriber(admin: APIRequestContext, email: string) {
  const found = await ownerEntries(
    admin,
    `/api/admin/newsletter/subscribers?q=${encodeURIComponent(email)}`,
    'email',
    email,
  );
  return found[0];
}

const formUnderPost = (page: Page) => page.getByRole('region', { name: 'Get new posts by email' }).first();

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('subscribing under a post, then confirming by the emailed link', async ({ page, admin }) => {
    const email = unique('phone');
    await page.goto(POST);
    await reachForPage(page);
    const form = formUnderPost(page);
    await form.scrollIntoViewIfNeeded();
    await expect(form).toContainText('No tracking, and one click to leave.');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('First name (optional)').fill('Robin');
    await form.getByLabel('A monthly roundup of the month’s posts').check();
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByRole('status').filter({ hasText: ANSWER })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await subscriber(admin, email)).toMatchObject({
      status: 'pending',
      cadence: 'monthly',
      name: 'Robin',
      source: 'post:transponder-keys-explained',
    });

    await page.goto(await confirmLink(admin, email));
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm Your Subscription' })).toBeVisible();
    // Opening the link changed nothing (mail scanners open links): one press does.
    expect((await subscriber(admin, email))?.status).toBe('pending');
    await page.getByRole('button', { name: 'Confirm my subscription' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'You’re Subscribed' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Subscription confirmed' })).toBeVisible();
    expect((await subscriber(admin, email))?.status).toBe('confirmed');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
  });
});

test('the unsubscribe page: leave with one press, come back, choose how often', async ({
  page,
  admin,
  request,
  baseURL,
}) => {
  const email = unique('leaver');
  const sent = await request.post('/api/newsletter/subscribe', {
    data: { email },
    headers: { origin: baseURL ?? '' },
  });
  expect(sent.status()).toBe(202);
  const token = (await confirmLink(admin, email)).split('/').pop() ?? '';
  const confirmed = await request.post('/api/newsletter/confirm', {
    data: { token },
    headers: { origin: baseURL ?? '' },
  });
  expect(confirmed.status()).toBe(200);
  // The reader's own page: its link is another than the confirmation's, which is spent.
  const manage = (await confirmed.json()).manage as string;
  expect(manage).not.toBe(token);

  await page.goto(`/newsletter/unsubscribe/${manage}`);
  await expect(page.getByRole('heading', { level: 1, name: 'You’re Subscribed' })).toBeVisible();
  await page.getByLabel('A monthly roundup of the month’s posts').check();
  await page.getByRole('button', { name: 'Save my choice' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Choice saved' })).toBeVisible();
  expect((await subscriber(admin, email))?.cadence).toBe('monthly');

  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You’re Unsubscribed' })).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'Changed your mind? Subscribe again below.' }),
  ).toBeVisible();
  expect((await subscriber(admin, email))?.status).toBe('unsubscribed');
  // Coming back: a new confirmation link by email (the page's link alone never puts the address back).
  await page.getByRole('button', { name: 'Subscribe again' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Check your inbox' })).toContainText(
    `We sent a new confirmation link to ${email}.`,
  );
  expect((await subscriber(admin, email))?.status).toBe('unsubscribed');
  // The old confirmation link is spent: it shows that, and changes nothing.
  await page.goto(`/newsletter/confirm/${token}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Link Not Valid' })).toBeVisible();
  let fresh = token;
  await expect
    .poll(async () => {
      fresh = (await confirmLink(admin, email)).split('/').pop() ?? '';
      return fresh;
    })
    .not.toBe(token);
  await page.goto(`/newsletter/confirm/${fresh}`);
  await page.getByRole('button', { name: 'Confirm my subscription' }).click();
  await expect(page).toHaveURL(new RegExp(`/newsletter/unsubscribe/${manage}\\?done=confirm$`));
  await expect(page.getByRole('heading', { level: 1, name: 'You’re Subscribed' })).toBeVisible();
  expect((await subscriber(admin, email))?.status).toBe('confirmed');

  // A mail app's one-click (RFC 8058) from no page of the site: unsubscribed, no further step.
  const oneClick = await request.post(`/api/newsletter/one-click/${manage}`, {
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.com' },
    data: 'List-Unsubscribe=One-Click',
  });
  expect(oneClick.status()).toBe(200);
  expect((await subscriber(admin, email))?.status).toBe('unsubscribed');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'You’re Unsubscribed' })).toBeVisible();
});

test('the quote form’s newsletter box subscribes the same way', async ({ page, admin }) => {
  const email = unique('quote');
  await sendQuote(page, { name: 'Dana Box', email });
  await expect(page.getByText('Quote Request Sent').first()).toBeVisible();
  await expect.poll(async () => (await subscriber(admin, email))?.status).toBe('pending');
  expect(await subscriber(admin, email)).toMatchObject({ source: 'quote', name: 'Dana' });
  expect(await confirmLink(admin, email)).toMatch(/^\/newsletter\/confirm\//);
});

test('a sign-up pressed before its code arrives is sent by the browser and answered', async ({
  page,
  admin,
}) => {
  const email = unique('early');
  // The page's code is held back: the server's form is all there is.
  await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, () => {});
  await page.mainFrame().goto('/blog', { waitUntil: 'commit' });
  const form = page.getByRole('region', { name: 'Get new posts by email' }).first();
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  // Back on the page it was sent from, which says so where the form was.
  await expect(page).toHaveURL(/\/blog\?done=subscribe-blog#subscribe-blog-title$/);
  await expect(page.getByRole('status').filter({ hasText: 'Almost there' })).toBeVisible();
  expect((await subscriber(admin, email))?.source).toBe('blog');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, refusedFormsExpected: true });

  test('the footer’s form: a bad address refused and kept, then subscribed; nothing typed in an address', async ({
    page,
    admin,
    addresses,
  }) => {
    const email = unique('nojs');
    await page.goto('/projects/keycode-help');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(/\/newsletter$/);
    const form = page.getByRole('region', { name: 'Subscribe' });
    await expect(form).toContainText('Invalid email address');
    await expect(form.getByLabel('Email')).toHaveValue('not-an-email');
    await form.getByLabel('Email').fill(email);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Almost there' })).toBeVisible();
    expect((await subscriber(admin, email))?.source).toBe('newsletter');
    for (const address of addresses) expect(decodeURIComponent(address)).not.toContain('example.com');
  });
});

test.describe('the owner', () => {
  test.use({ signedIn: 'admin' });

  for (const javaScriptEnabled of [true, false]) {
    test.describe(javaScriptEnabled ? 'with the page’s code' : 'without JavaScript', () => {
      // Without it the browser posts the editor's fields with the pressed button, and the page
      // comes back with the refusal and what was typed.
      test.use({ javaScriptEnabled, refusedFormsExpected: !javaScriptEnabled });

      test('a test or a send pressed with changes not saved is held, the changes kept, until the draft is saved', async ({
        page,
        admin,
        allowConsole,
      }) => {
        // Without the code, a refused press is the page answered 409, which the browser logs.
        allowConsole(/status of 409 \(Conflict\)/);
        const subject = `Held ${javaScriptEnabled ? 'js' : 'no-js'} ${Date.now().toString(36)}`;
        const created = await admin.post('/api/admin/newsletter/issues', {
          data: { subject, body: 'The workshop opens at nine.' },
        });
        expect(created.status()).toBe(201);
        const { id } = await created.json();
        await page.goto(`/admin/blog/newsletter?issue=${id}#compose`);
        if (javaScriptEnabled) await reachForPage(page);
        const draft = page.getByRole('form', { name: `Draft: ${subject}` });
        const typed = 'The workshop opens at ten on Saturdays.';
        await draft.getByLabel('Body').fill(typed);

        // The box not ticked: the send says so, and keeps what was typed.
        await page.getByRole('button', { name: 'Send now' }).click();
        await expect(
          page
            .getByRole('alert')
            .filter({ hasText: 'Tick the box to say the preview is checked, then send.' }),
        ).toBeVisible();
        await expect(draft.getByLabel('Body')).toHaveValue(typed);

        // The preview (and so the email) is the saved draft: pressed now, neither goes out.
        await page.getByLabel(/I have checked the preview/).check();
        await page.getByRole('button', { name: 'Send now' }).click();
        const held = page.getByRole('alert').filter({ hasText: "Press 'Save draft' first" });
        await expect(held).toContainText('You changed the draft after saving it.');
        await expect(draft.getByLabel('Body')).toHaveValue(typed);
        await page.getByRole('button', { name: 'Send a test to me' }).click();
        await expect(held).toBeVisible();
        await expect(draft.getByLabel('Body')).toHaveValue(typed);
        await expect(draft.getByLabel('Subject')).toHaveValue(subject);
        const stored = async () =>
          (await (await admin.get(`/api/admin/newsletter/issues/${id}`)).json()) as {
            status: string;
            body: string;
          };
        expect(await stored()).toMatchObject({ status: 'draft', body: 'The workshop opens at nine.' });
        const tests = async () =>
          (await ownerEntries(admin, '/api/admin/outbox?pageSize=50', 'subject', `[Test] ${subject}`)).length;
        expect(await tests()).toBe(0);

        // Typed back as saved: nothing is held.
        await draft.getByLabel('Body').fill('The workshop opens at nine.');
        await page.getByRole('button', { name: 'Send a test to me' }).click();
        await expect.poll(tests).toBe(1);
        await expect(held).toHaveCount(0);
        await expect(page.getByRole('button', { name: 'Send a test to me' })).toBeEnabled();

        // Saved, then sent: the email is what was typed.
        await draft.getByLabel('Body').fill(typed);
        await draft.getByRole('button', { name: 'Save draft' }).click();
        const preview = page.frameLocator('iframe[title="Preview of the email"]');
        await expect(preview.getByText('at ten on Saturdays')).toBeVisible();
        await page.getByLabel(/I have checked the preview/).check();
        await page.getByRole('button', { name: 'Send now' }).click();
        await expect(
          page.getByRole('list', { name: 'Sent issues' }).getByRole('article', { name: subject }),
        ).toBeVisible();
        expect(await stored()).toMatchObject({ status: 'sent', body: typed });
      });
    });
  }

  test('writes an issue, previews it in the email, sends a test and then the issue; finds and deletes a subscriber', async ({
    page,
    admin,
    request,
    baseURL,
  }) => {
    const email = unique('listed');
    await request.post('/api/newsletter/subscribe', { data: { email }, headers: { origin: baseURL ?? '' } });
    const subject = `Workshop news ${Date.now().toString(36)}`;
    await page.goto('/admin/blog/newsletter');
    await reachForPage(page);
    await expect(page.getByRole('heading', { level: 2, name: 'Newsletter' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Growth by month' })).toBeVisible();

    const compose = page.getByRole('form', { name: 'New issue' });
    await compose.getByLabel('Subject').fill(subject);
    await compose.getByLabel('Body').fill('The workshop is **closed on December 24**. Happy holidays!');
    await compose.getByRole('button', { name: 'Save draft' }).click();
    await expect(page).toHaveURL(/issue=\d+/);
    const preview = page.frameLocator('iframe[title="Preview of the email"]');
    await expect(preview.getByText('closed on December 24')).toBeVisible();
    await expect(preview.getByText(subject, { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Send a test to me' }).click();
    await expect
      .poll(
        async () =>
          (await ownerEntries(admin, '/api/admin/outbox?pageSize=50', 'subject', `[Test] ${subject}`)).length,
      )
      .toBe(1);
    // The page has taken the test's answer (its button back from "Sending..."): the owner ticks
    // the box on a page that has settled, not one about to take in the answer (CI once lost the tick).
    await expect(page.getByRole('button', { name: 'Send a test to me' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Send now' })).toBeEnabled();

    await page.getByLabel(/I have checked the preview/).check();
    await page.getByRole('button', { name: 'Send now' }).click();
    const sentList = page.getByRole('list', { name: 'Sent issues' });
    await expect(sentList.getByRole('article', { name: subject })).toBeVisible();

    // Its page on the site, and the archive.
    const issues = (await (await admin.get('/api/admin/newsletter')).json()).issues as {
      slug: string;
      subject: string;
    }[];
    const slug = issues.find((issue) => issue.subject === subject)?.slug ?? '';
    await page.goto('/newsletter');
    await expect(page.getByRole('link', { name: subject })).toBeVisible();
    await page.goto(`/newsletter/${slug}`);
    await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    await expect(page.getByText('closed on December 24')).toBeVisible();

    // The subscriber, found by address and deleted with everything about them.
    await page.goto('/admin/blog/newsletter');
    await reachForPage(page);
    await page.getByLabel('Search', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const entry = page.getByRole('article', { name: email });
    await expect(entry).toContainText('Waiting to confirm');
    await entry.getByRole('button', { name: `Delete ${email}` }).click();
    await entry.getByRole('button', { name: `Yes, delete ${email} and everything about them` }).click();
    await expect(page.getByText('Nobody matches.')).toBeVisible();
    expect(await subscriber(admin, email)).toBeUndefined();
    await expectAccessible(page);
  });
});
