/**
 * Book a call (issue 21) on a phone: from the home page's link to a booked call in the visitor's
 * own time zone, moved and cancelled through the private link; the owner sees it in Calls.
 */
import { WEEKDAY_NAMES } from '../common/schemas/booking.ts';
import { choose, expect, expectAccessible, expectToast, test, visitorContext } from './fixtures.ts';

test.describe('on a phone in London', () => {
  test.use({ viewport: { width: 390, height: 844 }, timezoneId: 'Europe/London' });

  test('a visitor books a call, moves it and cancels it through the private link', async ({
    page,
    signInAs,
  }) => {
    const name = `Sam ${Date.now().toString(36)}`;
    // An address of this run's own: the call starts a lead of its own in the pipeline.
    const email = `sam.${Date.now().toString(36)}@example.com`;
    await page.goto('/');
    await page.getByRole('link', { name: 'Book a call' }).first().click();
    await expect(page).toHaveURL(/\/book-a-call$/);
    await expect(page.getByRole('heading', { name: 'Book a Call', level: 1 })).toBeVisible();
    const form = page.getByRole('form', { name: 'Choose a time' });
    await expect(form).toContainText('Times are in your time zone (Europe/London)');

    // A day, then a time; the times are the owner's 9 to 5 in New York, seen from London.
    const days = form.getByRole('group', { name: 'Day' }).getByRole('radio');
    await expect(days.first()).toBeChecked();
    const times = form.getByRole('group', { name: 'Time' }).getByRole('radio');
    // Pick a later day so parallel runs rarely meet on the same slot.
    await choose(days.nth(3));
    const count = await times.count();
    expect(count).toBeGreaterThan(0);
    // The day's last start is the owner's 4:30 PM in New York, shown as London's time.
    const last = times.nth(count - 1);
    const start = new Date((await last.getAttribute('value')) ?? '');
    const at = (timeZone: string) =>
      new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(start);
    expect(at('America/New_York')).toBe('4:30 PM');
    const label = at('Europe/London');
    await expect(form.getByRole('group', { name: 'Time' }).getByText(label, { exact: true })).toBeVisible();

    // Sending without a time or details says what is missing.
    await form.getByRole('button', { name: 'Book the call' }).click();
    await expect(form.getByText('Name is required')).toBeVisible();
    await choose(last);
    await expect(form.getByText(new RegExp(` at ${label} GMT`))).toBeVisible();
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('What would you like to talk about?').fill('A website for my phone repair shop');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'book a call on a phone');
    await form.getByRole('button', { name: 'Book the call' }).click();

    await expect(page.getByRole('heading', { name: 'Your call is booked' })).toBeVisible();
    await expect(page.getByText(new RegExp(` at ${label} GMT`))).toBeVisible();
    const manage = page.getByRole('link', { name: /\/booking\/[A-Za-z0-9_-]{43}$/ });
    await expect(page.getByRole('link', { name: 'Add to calendar (.ics)' })).toHaveAttribute(
      'href',
      /calendar\.ics$/,
    );
    await manage.click();
    await expect(page).toHaveURL(/\/booking\/[A-Za-z0-9_-]{43}$/);
    const manageUrl = page.url();
    await expect(page.getByText(`Your call with Jordan Ellis`)).toBeVisible();

    // Move it to another time.
    await page.getByRole('link', { name: 'Move it' }).click();
    const move = page.getByRole('form', { name: 'Move to another time' });
    await choose(move.getByRole('group', { name: 'Day' }).getByRole('radio').nth(4));
    await choose(move.getByRole('group', { name: 'Time' }).getByRole('radio').last());
    await move.getByRole('button', { name: /^Move to / }).click();
    await expectToast(page, 'Call moved');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Cancel it: a confirmation first, then the time is free again. A reload shows it stored.
    await page.getByRole('link', { name: 'Cancel the call' }).click();
    await page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await expectToast(page, 'Call cancelled', 'The cancellation is on its way by email.');
    await page.goto(manageUrl);
    await expect(page.getByText('This call is cancelled.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Book a new one' })).toBeVisible();

    // The owner sees it in Calls, cancelled.
    await signInAs('admin');
    await page.goto('/admin/blog/bookings');
    const entry = page.getByRole('article', { name: `Call with ${name}` });
    await expect(entry).toContainText('Cancelled');
    await expect(entry).toContainText(email);
    // The lead the call started waits for no reply: it is Lost, its history says why (issue 65).
    await page.goto('/admin/blog/pipeline');
    const lead = page.getByRole('article', { name: `Booked call from ${name}` });
    await expect(
      page.getByRole('list', { name: 'New' }).getByRole('article', { name: `Booked call from ${name}` }),
    ).toHaveCount(0);
    await expect(
      page.getByRole('list', { name: 'Lost' }).getByRole('article', { name: `Booked call from ${name}` }),
    ).toBeVisible();
    await lead.getByText('Value, notes and history').click();
    await expect(lead.getByRole('list', { name: `History of the request from ${name}` })).toContainText(
      'Cancelled the call booked for',
    );
  });
});

test('the owner sets the hours and the badge, and the home page shows it', async ({ page, signInAs }) => {
  await signInAs('admin');
  await page.goto('/admin/blog/bookings');
  // (The calendars panel has its own tests, e2e/calendars.spec.ts, which connect and disconnect.)
  await expect(page.getByRole('region', { name: 'Your calendars' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Availability' });
  await expect(form.getByRole('checkbox', { name: 'Monday' })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: 'Sunday' })).not.toBeChecked();
  // A day that ends before it starts is refused with its reason, and nothing is saved.
  await form.getByRole('checkbox', { name: 'Saturday' }).check();
  await form.getByLabel('Saturday from').fill('15:00');
  await form.getByLabel('Saturday until').fill('11:00');
  await form.getByRole('button', { name: 'Save availability' }).click();
  await expect(form.getByText('The end of a day must be after its start')).toBeVisible();
  await form.getByRole('checkbox', { name: 'Saturday' }).uncheck();
  // Reminders: whole hours before a call; the owner's own times.
  const reminders = form.getByLabel('Reminders (hours before a call)');
  await expect(reminders).toHaveValue('24, 1');
  await reminders.fill('0');
  await form.getByRole('button', { name: 'Save availability' }).click();
  await expect(
    form.getByText('Reminders are whole hours before the call, such as 24, 1').first(),
  ).toBeVisible();
  await reminders.fill('48, 2');
  await form.getByLabel('Available for new projects from (optional)').fill('2031-01-06');
  await form.getByRole('button', { name: 'Save availability' }).click();
  await expectToast(page, 'Availability saved');
  await expectAccessible(page, 'calls and availability');

  await page.goto('/');
  await expect(
    page.locator('#home').getByText('Available for new projects from January 6, 2031'),
  ).toBeVisible();
  await expect(
    page.locator('#contact').getByText('Available for new projects from January 6, 2031'),
  ).toBeVisible();

  // Cleared again, so other tests see the site as it ships.
  await page.goto('/admin/blog/bookings');
  await expect(form.getByLabel('Reminders (hours before a call)')).toHaveValue('48, 2');
  await form.getByLabel('Available for new projects from (optional)').fill('');
  await form.getByLabel('Reminders (hours before a call)').fill('24, 1');
  await form.getByRole('button', { name: 'Save availability' }).click();
  await expectToast(page, 'Availability saved');
});

test.describe("the owner's weekly hours on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('each day reads on its own: its name, then from, to and until on one line', async ({
    page,
    signInAs,
  }) => {
    await signInAs('admin');
    await page.goto('/admin/blog/bookings');
    const form = page.getByRole('form', { name: 'Availability' });
    const formBox = await form.boundingBox();
    if (!formBox) throw new Error('the Availability form is not drawn');
    for (const day of WEEKDAY_NAMES) {
      const [name, from, until] = await Promise.all([
        form.getByRole('checkbox', { name: day }).boundingBox(),
        form.getByLabel(`${day} from`).boundingBox(),
        form.getByLabel(`${day} until`).boundingBox(),
      ]);
      if (!name || !from || !until) throw new Error(`${day}'s row is not drawn`);
      // Until beside from and inside the form, the day's name above both.
      expect(Math.abs(until.y - from.y), day).toBeLessThan(1);
      expect(until.x, day).toBeGreaterThan(from.x + from.width);
      expect(until.x + until.width, day).toBeLessThanOrEqual(formBox.x + formBox.width);
      expect(name.y + name.height, day).toBeLessThanOrEqual(from.y);
    }
  });
});

test.describe('two visitors on phones', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('pressing the same time at once: one books it, the other is told and books one of the next free times', async ({
    page,
    browser,
    baseURL,
  }) => {
    const other = await visitorContext(browser, {
      viewport: { width: 390, height: 844 },
      javaScriptEnabled: true,
      baseURL,
    });
    // The standard view, as the test's own page has (the immersive tour would open over the form).
    await other.addInitScript(() => localStorage.setItem('isImmersiveMode', 'false'));
    try {
      const second = await other.newPage();
      const visitors = [
        { page, name: `Riley ${Date.now().toString(36)}` },
        { page: second, name: `Morgan ${Date.now().toString(36)}` },
      ];
      let chosen = '';
      for (const visitor of visitors) {
        await visitor.page.goto('/book-a-call');
        const form = visitor.page.getByRole('form', { name: 'Choose a time' });
        // A day the other tests leave alone, and its first time, for both.
        await choose(form.getByRole('group', { name: 'Day' }).getByRole('radio').nth(7));
        const time = form.getByRole('group', { name: 'Time' }).getByRole('radio').first();
        chosen ||= (await time.getAttribute('value')) ?? '';
        await choose(form.getByRole('group', { name: 'Time' }).locator(`input[value="${chosen}"]`));
        await form.getByLabel('Name').fill(visitor.name);
        await form.getByLabel('Email').fill('same.time@example.com');
        await form.getByLabel('What would you like to talk about?').fill('Fixing a car key fob');
      }
      await Promise.all(
        visitors.map((visitor) =>
          visitor.page
            .getByRole('form', { name: 'Choose a time' })
            .getByRole('button', { name: 'Book the call' })
            .click(),
        ),
      );
      const taken = 'That time was just booked by someone else. Please choose another.';
      const outcome = async (visitor: (typeof visitors)[number]) => {
        const booked = visitor.page.getByRole('heading', { name: 'Your call is booked' });
        // The form says so (the toast that may say it too is not what is looked for).
        const told = visitor.page.getByRole('form', { name: 'Choose a time' }).getByText(taken);
        await expect(booked.or(told)).toBeVisible();
        return (await booked.isVisible()) ? 'booked' : 'told';
      };
      const outcomes = await Promise.all(visitors.map(outcome));
      // (A copy sorted: `sort` in place would reorder the outcomes against the visitors.)
      expect([...outcomes].sort()).toEqual(['booked', 'told']);

      // The one told sees the next free times after the one taken, and books the first of them.
      const told = visitors[outcomes.indexOf('told')];
      if (!told) throw new Error('no visitor was told');
      const form = told.page.getByRole('form', { name: 'Choose a time' });
      const next = form.getByRole('list', { name: 'The next free times' }).getByRole('button');
      await expect(next.first()).toBeVisible();
      expect(await next.count()).toBeGreaterThan(0);
      await next.first().click();
      await form.getByRole('button', { name: 'Book the call' }).click();
      await expect(told.page.getByRole('heading', { name: 'Your call is booked' })).toBeVisible();
      expect(await told.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await other.close();
    }
  });
});
