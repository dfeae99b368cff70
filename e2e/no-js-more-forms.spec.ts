/**
 * More public forms with JavaScript switched off (issue 30, ADR 013): the resume request, AI
 * recommendations, booking and managing a call, a testimonial's private page; and a phone's menu
 * and tabs before the code arrives.
 */
import type { Page } from '@playwright/test';
import { choose, expect, expectNoneIn, ownerEntries, test } from './fixtures.ts';

// A visitor in London: without the page's code, nothing may call New York's times theirs.
test.use({ javaScriptEnabled: false, refusedFormsExpected: true, timezoneId: 'Europe/London' });

/** A private page's action behind a confirmation: its link, then the button; the page says it is done. */
async function confirmOnPrivatePage(page: Page, link: string, button: string, done: string, status: string) {
  await page.getByRole('link', { name: link }).click();
  await page.getByRole('button', { name: button }).click();
  await expect(page).toHaveURL(new RegExp(`\\?done=${done}$`));
  await expect(page.getByRole('status').filter({ hasText: status })).toBeVisible();
}

test.describe('the other public forms without JavaScript', () => {
  test('the resume request: the Thank You panel with its download link', async ({
    page,
    admin,
    addresses,
  }) => {
    const email = `nojs.resume.${Date.now()}@example.com`;
    await page.goto('/resume');
    await page.getByLabel('Name').fill('Morgan Recruiter');
    // The page's own form (the footer has the newsletter's).
    await page.getByRole('main').getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Purpose').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Request Resume' }).click();
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
    const download = page.getByRole('link', { name: 'Download Resume' });
    const href = (await download.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/api\/resume\?token=/);
    const pdf = await page.request.get(href);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expectNoneIn(addresses, [email, 'Morgan']);
    expect(await ownerEntries(admin, '/api/admin/resume-requests?pageSize=100', 'email', email)).toEqual([
      expect.objectContaining({ name: 'Morgan Recruiter', accessed: true }),
    ]);
  });

  test('AI recommendations from interests typed as comma-separated text', async ({ page, addresses }) => {
    await page.goto('/recommendations');
    await page.getByRole('button', { name: 'Get Recommendations' }).click();
    await expect(page.getByText('Please enter at least one interest')).toBeVisible();
    await page.getByRole('textbox', { name: 'Interests' }).fill('automotive, small business');
    await page.getByRole('textbox', { name: 'Preferred technologies (optional)' }).fill('React');
    await page.getByRole('button', { name: 'Get Recommendations' }).click();
    await expect(page.getByRole('heading', { name: 'Your Recommendations' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Interests' })).toHaveValue('automotive, small business');
    expectNoneIn(addresses, ['automotive']);
  });

  test('booking a call: free times listed by the server, the call booked, then moved and cancelled on its private page', async ({
    page,
    admin,
  }) => {
    const name = `Drew ${Date.now().toString(36)}`;
    await page.goto('/book-a-call');
    const form = page.getByRole('form', { name: 'Choose a time' });
    // The page cannot know the visitor's zone without its code: the owner's, said by name (issue 49, point 7).
    await expect(form).toContainText('Times are in Eastern Time (America/New_York), my time zone.');
    await expect(form).not.toContainText('your time zone');
    // Another day, chosen with the browser alone: its times show, the first day's do not.
    const days = form.getByRole('group', { name: 'Day' }).getByRole('radio');
    await choose(days.nth(5));
    const times = form.getByRole('group', { name: 'Time' }).getByRole('radio');
    await choose(times.nth(2));
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Email').fill('drew.booking@example.com');
    await form.getByLabel('What would you like to talk about?').fill('A key programming question');
    await form.getByRole('button', { name: 'Book the call' }).click();
    await expect(page).toHaveURL(/\/booking\/[A-Za-z0-9_-]{43}\?done=booked$/);
    await expect(page.getByRole('status').filter({ hasText: 'Your call is booked' })).toBeVisible();
    await expect(page.getByText('Your call with Jordan Ellis')).toBeVisible();
    expect(await ownerEntries(admin, '/api/admin/bookings', 'name', name)).toEqual([
      // No zone is kept as the visitor's when the page could not say theirs.
      expect.objectContaining({ status: 'booked', topic: 'A key programming question', timeZone: null }),
    ]);

    // Moved from its private page: the free times listed by the server, one chosen, sent.
    await page.getByRole('link', { name: 'Move it' }).click();
    await expect(page).toHaveURL(/\?change=move$/);
    const move = page.getByRole('form', { name: 'Move to another time' });
    await expect(move).toContainText('Times are in Eastern Time (America/New_York), my time zone.');
    await choose(move.getByRole('group', { name: 'Day' }).getByRole('radio').nth(2));
    const newTime = move.getByRole('group', { name: 'Time' }).getByRole('radio').first();
    const chosen = await newTime.getAttribute('value');
    await choose(newTime);
    await move.getByRole('button', { name: 'Move to the chosen time' }).click();
    await expect(page).toHaveURL(/\/booking\/[A-Za-z0-9_-]{43}\?done=moved$/);
    await expect(page.getByRole('status').filter({ hasText: 'Call moved' })).toBeVisible();
    const [movedCall] = await ownerEntries(admin, '/api/admin/bookings', 'name', name);
    expect(new Date(String(movedCall?.start)).toISOString()).toBe(new Date(chosen ?? '').toISOString());

    // Cancelled after its confirmation.
    await confirmOnPrivatePage(page, 'Cancel the call', 'Yes, cancel it', 'cancelled', 'Call cancelled');
    await expect(page.getByText('This call is cancelled.')).toBeVisible();
    expect(await ownerEntries(admin, '/api/admin/bookings', 'name', name)).toEqual([
      expect.objectContaining({ status: 'cancelled' }),
    ]);
  });

  test('a double press on "Book the call" books one call and shows it, not a message that the time is taken', async ({
    page,
    admin,
  }) => {
    const name = `Robin ${Date.now().toString(36)}`;
    await page.goto('/book-a-call');
    const form = page.getByRole('form', { name: 'Choose a time' });
    // A day and time no other test books: another visitor's call there would take it first.
    await choose(form.getByRole('group', { name: 'Day' }).getByRole('radio').nth(8));
    await choose(form.getByRole('group', { name: 'Time' }).getByRole('radio').nth(5));
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Email').fill('robin.twice@example.com');
    await form.getByLabel('What would you like to talk about?').fill('Two presses, one call');
    // The first press reaches the server, which books the call; its answer is slow to come back,
    // and the visitor presses again: the browser shows the second answer.
    let firstPress = true;
    let answerFirst: (() => Promise<void>) | undefined;
    const firstBooked = new Promise<void>((booked) => {
      void page.route('**/book-a-call', async (route) => {
        if (route.request().method() !== 'POST' || !firstPress) return route.continue();
        firstPress = false;
        const answer = await route.fetch({ maxRedirects: 0 });
        answerFirst = () => route.fulfill({ response: answer }).catch(() => {});
        booked();
      });
    });
    const book = form.getByRole('button', { name: 'Book the call' });
    await book.click({ noWaitAfter: true });
    await firstBooked;
    // The button keeps the focus; a locator would wait for the first answer's page.
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/booking\/[A-Za-z0-9_-]{43}\?done=booked$/);
    await expect(page.getByRole('status').filter({ hasText: 'Your call is booked' })).toBeVisible();
    expect(await ownerEntries(admin, '/api/admin/bookings', 'name', name)).toEqual([
      expect.objectContaining({ status: 'booked', topic: 'Two presses, one call' }),
    ]);
    await answerFirst?.();
  });

  test("a testimonial's private page: written, sent, changed and withdrawn", async ({ page, admin }) => {
    const client = `Lee ${Date.now().toString(36)}`;
    const created = await (
      await admin.post('/api/admin/testimonials', { data: { clientName: client } })
    ).json();
    await page.goto(new URL(created.link).pathname);
    const form = page.getByRole('form', { name: 'Your testimonial' });
    await expect(form.getByLabel('Name')).toHaveValue(client);
    await form.getByRole('textbox', { name: 'Testimonial' }).fill('Too short.');
    await form.getByRole('button', { name: 'Send testimonial' }).click();
    await expect(page.getByText('Testimonial must be at least 20 characters').first()).toBeVisible();
    await page
      .getByRole('textbox', { name: 'Testimonial' })
      .fill('Our shop finally takes bookings online, and it never breaks.');
    await choose(page.getByRole('radio', { name: '5 stars' }));
    await page.getByRole('button', { name: 'Send testimonial' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
    expect(await ownerEntries(admin, '/api/admin/testimonials', 'clientName', client)).toEqual([
      expect.objectContaining({ status: 'submitted', rating: 5 }),
    ]);

    // Changed: the form again with what was sent, a refusal keeps the change, then it is sent.
    await page.getByRole('link', { name: 'Change it' }).click();
    await expect(page.getByRole('textbox', { name: 'Testimonial' })).toHaveValue(
      'Our shop finally takes bookings online, and it never breaks.',
    );
    await page.getByRole('textbox', { name: 'Testimonial' }).fill('Short now.');
    await page.getByRole('button', { name: 'Send testimonial' }).click();
    await expect(page.getByText('Testimonial must be at least 20 characters').first()).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Testimonial' })).toHaveValue('Short now.');
    await page
      .getByRole('textbox', { name: 'Testimonial' })
      .fill('Bookings online, and it has not broken once in a year.');
    await page.getByRole('button', { name: 'Send testimonial' }).click();
    await expect(page.getByText('Bookings online, and it has not broken once in a year.')).toBeVisible();

    // Withdrawn, after its confirmation.
    await confirmOnPrivatePage(page, 'Withdraw it', 'Yes, withdraw it', 'withdrawn', 'Testimonial withdrawn');
    await expect(page.getByText('You withdrew your testimonial')).toBeVisible();
    expect(await ownerEntries(admin, '/api/admin/testimonials', 'clientName', client)).toEqual([
      expect.objectContaining({
        status: 'withdrawn',
        quote: 'Bookings online, and it has not broken once in a year.',
      }),
    ]);
  });
});

test.describe('a phone visitor before the code arrives', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the header's menu opens and its links work", async ({ page }) => {
    await page.goto('/blog');
    const menu = page.getByRole('navigation', { name: 'Main (mobile)' });
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'Resume' }).click();
    await expect(page).toHaveURL(/\/resume$/);
  });

  test("a project's Code and Technologies tabs reach their contents", async ({ page }) => {
    await page.goto('/projects/keycode-help');
    await expect(page.getByRole('tabpanel', { name: 'Live Demo' })).toBeVisible();
    await page.getByRole('tab', { name: 'Technologies' }).click();
    await expect(page.getByRole('list', { name: 'Technologies' })).toBeVisible();
    await page.getByRole('tab', { name: 'Code' }).click();
    await expect(page.getByText(/Browse the repository|not publicly available/)).toBeVisible();
  });
});
