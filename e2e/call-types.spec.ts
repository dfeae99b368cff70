/**
 * Call types and their questions (issue 49, points 2 and 3), on a server of the test's own (the
 * shared one offers the plain call the other booking tests expect): the owner adds a type with
 * questions and edits it, with and without the page's code; a visitor chooses the type by its
 * link, is told what is missing, answers and books, at 390 px with and without JavaScript; the
 * call's page, the owner's list and the pipeline show the answers.
 */
import type { ChildProcess } from 'node:child_process';
import type { Page } from '@playwright/test';
import { choose, expect, expectAccessible, expectToast, recordToasts, test } from './fixtures.ts';
import { startOwnServer } from './own-server.ts';

const PORT = Number(process.env.E2E_CALL_TYPES_PORT ?? 4327);
const BASE = `http://localhost:${PORT}`;
const OWNER = { username: 'booker', password: 'booker-password-123' };

let server: ChildProcess | undefined;

// One list of call types on this server: the tests take turns, each building on the one before.
test.describe.configure({ mode: 'serial' });
test.use({ baseURL: BASE, refusedFormsExpected: true });

test.beforeAll(async () => {
  server = await startOwnServer(PORT, OWNER);
});
test.afterAll(() => {
  server?.kill();
});

async function signInOwner(page: Page) {
  const login = await page.request.post('/api/login', { data: OWNER, headers: { origin: BASE } });
  expect(login.status(), await login.text()).toBe(200);
}

const typesPanel = (page: Page) => page.getByRole('region', { name: 'Call types' });

test('the owner adds a call type with questions and edits it (390 px, with the page’s code)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // The booking page as a visitor's first request renders it (and the page cache keeps it).
  const bookingPage = async () => (await fetch(`${BASE}/book-a-call`)).text();
  expect(await bookingPage()).toContain('30-minute video or phone call.');
  await signInOwner(page);
  await page.goto('/admin/blog/bookings');
  const panel = typesPanel(page);
  await panel.getByText('Add a call type').click();
  const add = panel.getByRole('form', { name: 'Add a call type' });
  await add.getByLabel('Name').fill('Key and remote consult');
  await add.getByLabel('Call length').selectOption('60');
  await add.getByLabel('Description (optional)').fill('Bring the car and any keys you have left.');
  await add.getByLabel('Where').selectOption('address');
  // The shop's address is asked for a call at the shop.
  await add.getByRole('button', { name: 'Add call type' }).click();
  await expect(add.getByText("Enter the shop's address")).toBeVisible();
  await add.getByLabel("Video link or the shop's address").fill('123 Peachtree St NE, Atlanta');
  await add.getByLabel('Daily limit (optional)').fill('2');
  const question = add.getByRole('group', { name: 'New question' });
  await question.getByLabel('New question').fill('Car make, model and year');
  await question.getByLabel('Required').check();
  await expectAccessible(page, 'the call types at 390 px');
  await add.getByRole('button', { name: 'Add call type' }).click();
  await expectToast(page, 'Call type added');
  const saved = panel.getByRole('list', { name: 'Call types' }).getByRole('listitem');
  await expect(saved).toHaveCount(1);
  await expect(saved).toContainText('Key and remote consult · 60 minutes · At the shop · 1 question');
  // Visitors see it at once: the kept copy of the booking page went with the change.
  expect(await bookingPage()).toContain('Key and remote consult: 60 minutes.');

  // A second question, a choice, added to the saved type.
  await saved.getByText('Key and remote consult').click();
  const edit = saved.getByRole('form', { name: 'Call type Key and remote consult' });
  const second = edit.getByRole('group', { name: 'New question' });
  await second.getByLabel('New question').fill('Keys left');
  await second.getByLabel('Answer').selectOption('choice');
  await edit.getByRole('button', { name: 'Save call type' }).click();
  // A choice needs its choices.
  await expect(edit.getByText('A choice question needs at least two choices, one per line')).toBeVisible();
  await second.getByLabel('Choices, one per line (for a choice)').fill('None\nOne\nTwo or more');
  await edit.getByRole('button', { name: 'Save call type' }).click();
  await expectToast(page, 'Call type saved');
  await expect(saved).toContainText('2 questions');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('the owner adds a second type without the page’s code (1280 px)', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: BASE, javaScriptEnabled: false });
  const page = await context.newPage();
  await signInOwner(page);
  await page.goto('/admin/blog/bookings');
  const panel = typesPanel(page);
  await panel.getByText('Add a call type').click();
  const add = panel.getByRole('form', { name: 'Add a call type' });
  await add.getByLabel('Name').fill('Intro call');
  await add.getByLabel('Call length').selectOption('15');
  await add.getByLabel('Where').selectOption('phone');
  await add.getByLabel('Days ahead').fill('500');
  await add.getByLabel('Days off for this type (optional)').fill('2026-12-32');
  await add.getByRole('button', { name: 'Add call type' }).click();
  // Refused: the section is open again with the messages and what was typed.
  const again = typesPanel(page).getByRole('form', { name: 'Add a call type' });
  await expect(again.getByText('Days ahead cannot exceed 90 days')).toBeVisible();
  await expect(again.getByText('Use a date like 2026-12-24')).toBeVisible();
  await expect(again.getByLabel('Name')).toHaveValue('Intro call');
  await again.getByLabel('Days ahead').fill('14');
  await again.getByLabel('Days off for this type (optional)').fill('2026-12-24, 2026-12-31');
  await again.getByRole('button', { name: 'Add call type' }).click();
  await expect(page.getByText('Call type added')).toBeVisible();
  const types = typesPanel(page).getByRole('list', { name: 'Call types' }).getByRole('listitem');
  await expect(types).toHaveCount(2);
  await types.last().getByText('Intro call').click();
  await expect(types.last().getByLabel('Days off for this type (optional)')).toHaveValue(
    '2026-12-24, 2026-12-31',
  );
  await context.close();
});

for (const javaScriptEnabled of [true, false]) {
  test(`a visitor chooses the type, answers its questions and books (390 px, ${javaScriptEnabled ? 'with' : 'without'} JavaScript)`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      baseURL: BASE,
      javaScriptEnabled,
      viewport: { width: 390, height: 844 },
      timezoneId: 'America/New_York',
      extraHTTPHeaders: { 'x-forwarded-for': javaScriptEnabled ? '203.0.113.71' : '203.0.113.72' },
    });
    await context.addInitScript(() => localStorage.setItem('isImmersiveMode', 'false'));
    const page = await context.newPage();
    await page.goto('/book-a-call');
    const types = page.getByRole('navigation', { name: 'Call types' });
    // The first type is chosen; the second is a plain link.
    await expect(types.getByRole('link', { name: /Key and remote consult/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await types.getByRole('link', { name: /Intro call/ }).click();
    await expect(page).toHaveURL(/\?type=intro-call$/);
    const form = page.getByRole('form', { name: 'Choose a time' });
    await expect(form).toContainText('Intro call: 15 minutes. Phone call: I call the number you give.');
    await expect(form.getByLabel('Phone number')).toBeVisible();
    await types.getByRole('link', { name: /Key and remote consult/ }).click();
    await expect(form).toContainText('Key and remote consult: 60 minutes. At the shop: 123 Peachtree St NE');

    // A time on a later day, the details, but not the required answer.
    // A day works as a choice with or without the page's code (a style rule shows its times).
    const days = form.getByRole('group', { name: 'Day' }).getByRole('radio');
    await choose(days.nth(javaScriptEnabled ? 2 : 3));
    const time = form.getByRole('group', { name: 'Time' }).getByRole('radio').first();
    await choose(time);
    const start = await time.getAttribute('value');
    await form.getByLabel('Name').fill(javaScriptEnabled ? 'Riley Keys' : 'Morgan Keys');
    await form.getByLabel('Email').fill('riley.keys@example.com');
    await form.getByLabel('What would you like to talk about?').fill('Lost the only key to my car');
    await form.getByRole('button', { name: 'Book the call' }).click();
    await expect(form.getByText('Car make, model and year is required')).toBeVisible();
    // What was typed is kept, the time too.
    await expect(form.getByLabel('What would you like to talk about?')).toHaveValue(
      'Lost the only key to my car',
    );
    await form.getByLabel('Car make, model and year').fill('Honda Civic 2012');
    await form.getByRole('radio', { name: 'One', exact: true }).check();
    if (javaScriptEnabled) await expectAccessible(page, 'a call type with questions at 390 px');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect(form.locator(`input[name="start"][value="${start}"]`)).toBeChecked();
    await form.getByRole('button', { name: 'Book the call' }).click();

    await expect(page).toHaveURL(/\/booking\/[A-Za-z0-9_-]{43}\?done=booked$/);
    await expect(page.getByText('Key and remote consult · 60 minutes')).toBeVisible();
    await expect(page.getByText('At the shop: 123 Peachtree St NE, Atlanta')).toBeVisible();
    await expect(page.getByText('Honda Civic 2012')).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: 'One' })).toBeVisible();
    await context.close();
  });
}

test('the owner sees the answers in Calls and the call’s lead in the pipeline', async ({ page }) => {
  await signInOwner(page);
  await page.goto('/admin/blog/bookings');
  const call = page.getByRole('article', { name: 'Call with Riley Keys' });
  await expect(call).toContainText('Key and remote consult · At the shop: 123 Peachtree St NE, Atlanta');
  await expect(call).toContainText('Car make, model and year');
  await expect(call).toContainText('Honda Civic 2012');
  await page.goto('/admin/blog/pipeline');
  await expect(page.getByRole('article', { name: 'Booked call from Riley Keys' })).toContainText(
    'Booked call',
  );
});

test('the owner cancels a booked call from Calls, without the page’s code and with it', async ({
  browser,
  page,
}) => {
  // Without JavaScript: the question is a page of its own (`?cancel=<id>`), the answer a form.
  const context = await browser.newContext({ baseURL: BASE, javaScriptEnabled: false });
  const plain = await context.newPage();
  await signInOwner(plain);
  await plain.goto('/admin/blog/bookings');
  const morgan = plain.getByRole('article', { name: 'Call with Morgan Keys' });
  await morgan.getByRole('link', { name: 'Cancel the call' }).click();
  await expect(plain).toHaveURL(/\?cancel=(\d+)#call-\1$/);
  // The browser brings the call, and its question, into view.
  await expect(morgan).toBeInViewport();
  const question = morgan.getByRole('group', { name: /Cancel the call with Morgan Keys\?/ });
  await question.getByRole('button', { name: 'Yes, cancel and tell them' }).click();
  await expect(plain).toHaveURL(/\/admin\/blog\/bookings\?done=call-cancel$/);
  await expect(plain.getByRole('status').filter({ hasText: 'Call cancelled' })).toContainText(
    'They are told by email.',
  );
  await expect(morgan).toContainText('Cancelled');
  await expect(morgan.getByRole('link', { name: 'Cancel the call' })).toHaveCount(0);
  await context.close();

  // With the page's code: 'Keep it' keeps the call; the second time it goes, with the toast.
  await page.setViewportSize({ width: 390, height: 844 });
  await signInOwner(page);
  await page.goto('/admin/blog/bookings');
  const riley = page.getByRole('article', { name: 'Call with Riley Keys' });
  await riley.getByRole('link', { name: 'Cancel the call' }).click();
  await riley.getByRole('link', { name: 'Keep it' }).click();
  await expect(riley.getByRole('link', { name: 'Cancel the call' })).toBeVisible();
  await expect(riley).toContainText('Booked');
  await riley.getByRole('link', { name: 'Cancel the call' }).click();
  await expectAccessible(page, 'cancelling a call in Calls at 390 px');
  await riley.getByRole('button', { name: 'Yes, cancel and tell them' }).click();
  // The toast comes from the call's row: the question is gone once the call is cancelled.
  await expectToast(page, 'Call cancelled', 'is told by email.');
  await expect(riley).toContainText('Cancelled');
});

const changedElsewhere = (what: string, button: string) =>
  `${what} was changed elsewhere after you opened it. Press '${button}' again to save your version over it, or reload the page to see the other changes.`;

for (const javaScriptEnabled of [true, false]) {
  test(`a call type and the availability saved over on the phone: refused with what was typed kept, saved at the next press (${javaScriptEnabled ? 'with the page’s code' : 'without JavaScript'})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: BASE, javaScriptEnabled });
    await context.addInitScript(recordToasts);
    const page = await context.newPage();
    await signInOwner(page);
    // The owner's phone: the same account, saving while the laptop's page is open.
    const phone = page.request;
    const saved = async (text: string) =>
      javaScriptEnabled
        ? expectToast(page, text)
        : expect(page.getByRole('status').filter({ hasText: text })).toBeVisible();
    // A type of this test's own, so that it reads alone.
    const id = `second-look-${javaScriptEnabled ? 'js' : 'no-js'}`;
    const name = `Second look ${javaScriptEnabled ? 'with' : 'without'} code`;
    const added = await phone.post('/api/admin/call-types', {
      data: {
        id,
        name,
        callMinutes: 15,
        description: '',
        place: 'phone',
        placeDetail: '',
        bufferBeforeMinutes: 0,
        bufferAfterMinutes: 0,
        noticeHours: 24,
        horizonDays: 30,
        dailyLimit: null,
        questions: [],
      },
    });
    expect(added.status(), await added.text()).toBe(201);
    const stored = async () =>
      ((await (await phone.get('/api/admin/call-types')).json()) as Array<Record<string, unknown>>).find(
        (type) => type.id === id,
      );
    await page.goto('/admin/blog/bookings');
    await typesPanel(page).getByText(name).click();
    const edit = typesPanel(page).getByRole('form', { name: `Call type ${name}` });
    const typed = 'Typed on the laptop.';
    expect(
      (
        await phone.put(`/api/admin/call-types/${id}`, {
          data: { ...(await stored()), description: 'Said on the phone.' },
        })
      ).status(),
    ).toBe(200);
    await edit.getByLabel('Description (optional)').fill(typed);
    await edit.getByRole('button', { name: 'Save call type' }).click();
    await expect(edit.getByRole('alert')).toContainText(changedElsewhere('This call type', 'Save call type'));
    await expect(edit.getByLabel('Description (optional)')).toHaveValue(typed);
    expect(await stored()).toMatchObject({ description: 'Said on the phone.' });
    // The phone changes the availability too, while the laptop's form shows the older.
    const settings = async () => (await phone.get('/api/admin/booking-settings')).json();
    const before = await settings();
    const form = page.getByRole('form', { name: 'Availability' });
    await expect(form.getByLabel('Notice (hours)')).toHaveValue(String(before.noticeHours));
    const phoneSaves = async () => {
      const fromPhone = { ...before, timeZone: 'America/Chicago', blockedDates: ['2031-03-03'] };
      expect((await phone.put('/api/admin/booking-settings', { data: fromPhone })).status()).toBe(200);
    };
    // With the code, before the call type is saved: that save reads the whole page again, the
    // phone's availability with it (the panel says its time zone), while the form's fields still
    // show the older one, and so must its version. Without it, the save brings the page afresh.
    if (javaScriptEnabled) await phoneSaves();
    await edit.getByRole('button', { name: 'Save call type' }).click();
    await saved('Call type saved');
    expect(await stored()).toMatchObject({ description: typed });
    expect((await phone.delete(`/api/admin/call-types/${id}`)).status()).toBe(200);
    if (javaScriptEnabled)
      await expect(page.getByRole('region', { name: 'Availability' })).toContainText(
        'Times are in America/Chicago',
      );
    else await phoneSaves();
    await form.getByLabel('Notice (hours)').fill('30');
    await form.getByRole('button', { name: 'Save availability' }).click();
    await expect(form.getByRole('alert')).toContainText(
      changedElsewhere('Your availability', 'Save availability'),
    );
    await expect(form.getByLabel('Notice (hours)')).toHaveValue('30');
    expect(await settings()).toMatchObject({ noticeHours: before.noticeHours, blockedDates: ['2031-03-03'] });
    await form.getByRole('button', { name: 'Save availability' }).click();
    await saved('Availability saved');
    expect(await settings()).toMatchObject({ noticeHours: 30, timeZone: before.timeZone, blockedDates: [] });
    // Saved again at once: its own save is the version it is based on now.
    await form.getByLabel('Notice (hours)').fill('36');
    await form.getByRole('button', { name: 'Save availability' }).click();
    await saved('Availability saved');
    // The last save's notice still stands on the page (a status, which the toasts' note counts
    // too, so the check above may pass on it): the save is over when it is stored.
    await expect.poll(async () => (await settings()).noticeHours).toBe(36);
    await expect(form.getByRole('button', { name: 'Save availability' })).toBeEnabled();
    await phone.put('/api/admin/booking-settings', { data: before });
    await context.close();
  });
}
