/**
 * Every public form with JavaScript switched off (issue 30, ADR 013): the browser's own post goes
 * to the page, the page's action sends it through the same API as the script would, and the page
 * that comes back says what the spec's toast or panel says. Nothing typed goes into an address,
 * and a refusal keeps what was typed (passwords aside).
 */
import { E2E_ADMIN } from './constants.ts';
import {
  choose,
  expect,
  expectNoneIn,
  fillGuestPost,
  ownerEntries,
  pastTheMinimum,
  test,
} from './fixtures.ts';

test.use({ javaScriptEnabled: false, refusedFormsExpected: true });

test.describe('signing in and registering without JavaScript', () => {
  test('a wrong password is refused beside the form, the username kept and the password not', async ({
    page,
    addresses,
  }) => {
    await page.goto('/auth');
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password').fill('not-the-password-2026');
    await page.getByLabel('Password').press('Enter');
    await expect(page.getByRole('alert')).toContainText('Login failed');
    await expect(page.getByLabel('Username')).toHaveValue(E2E_ADMIN.username);
    await expect(page.getByLabel('Password')).toHaveValue('');
    expectNoneIn(addresses, [E2E_ADMIN.username, 'not-the-password-2026']);
  });

  test('the right password signs in: the session cookie is set and the home page welcomes', async ({
    page,
    addresses,
  }) => {
    await page.goto('/auth');
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/\?done=login$/);
    await expect(page.getByRole('status').filter({ hasText: 'Login successful' })).toContainText(
      `Welcome back, ${E2E_ADMIN.username}!`,
    );
    const user = await page.request.get('/api/user');
    expect((await user.json()).username).toBe(E2E_ADMIN.username);
    // A reload asks for the page again, not the post.
    await page.reload();
    await expect(page).toHaveURL(/\/\?done=login$/);
    expectNoneIn(addresses, [E2E_ADMIN.password]);
  });

  test('the Register tab is a link; a mismatched confirmation is refused, then the account is made', async ({
    page,
  }) => {
    const username = `nojs${Date.now().toString(36)}`;
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\?tab=register$/);
    await page.getByLabel('Username').fill(username);
    // The page's own form (the footer has the newsletter's).
    const main = page.getByRole('main');
    await main.getByRole('textbox', { name: 'Email' }).fill(`${username}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('a-long-password-1');
    await page.getByLabel('Confirm Password').fill('a-different-one-2');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Passwords do not match').first()).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveValue(username);
    await expect(main.getByRole('textbox', { name: 'Email' })).toHaveValue(`${username}@example.com`);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
    await page.getByLabel('Password', { exact: true }).fill('a-long-password-1');
    await page.getByLabel('Confirm Password').fill('a-long-password-1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Registration successful' })).toBeVisible();
    expect((await (await page.request.get('/api/user')).json()).username).toBe(username);
  });
});

test.describe('the quote form without JavaScript', () => {
  test('is in the page, refuses with the spec messages keeping the input, then is stored and thanked for', async ({
    page,
    admin,
    addresses,
  }) => {
    const email = `nojs.quote.${Date.now()}@example.com`;
    // On a phone, where the answer was more than a screen below where the page came back (issue 46).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/#contact');
    await expect(page.getByText('Loading the quote form...')).toHaveCount(0);
    const form = page.getByRole('form', { name: 'Get a Custom Quote' });
    await form.getByLabel('Name').fill('Avery Slow');
    await form.getByLabel('Email').fill('avery-at-example');
    await form.getByLabel('Project details').fill('A booking page for the shop, with reminders.');
    await form.getByLabel('Send me occasional updates and articles').check();
    await form.getByRole('button', { name: 'Send Request' }).click();
    const again = page.getByRole('form', { name: 'Get a Custom Quote' });
    await expect(again.getByText('Invalid email address').first()).toBeVisible();
    // The refusal comes back with the form in view.
    await expect(page).toHaveURL(/#quote-form$/);
    await expect(again.getByRole('heading', { name: 'Get a Custom Quote' })).toBeInViewport();
    await expect(again.getByText('Please select a project type')).toBeVisible();
    await expect(again.getByLabel('Name')).toHaveValue('Avery Slow');
    await expect(again.getByLabel('Project details')).toHaveValue(
      'A booking page for the shop, with reminders.',
    );
    await expect(again.getByLabel('Send me occasional updates and articles')).toBeChecked();

    await again.getByLabel('Email').fill(email);
    await again.getByLabel('Project type').selectOption('website');
    await again.getByLabel('Budget').selectOption('2-5k');
    await again.getByLabel('Timeframe').selectOption('1month');
    await again.getByRole('button', { name: 'Send Request' }).click();
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
    await expect(page).toHaveURL(/\/\?done=quote#done-quote$/);
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeInViewport();
    expectNoneIn(addresses, ['Avery', email, 'booking page']);
    const quotes = await (await admin.get('/api/admin/quotes?pageSize=100')).json();
    const stored = quotes.items.filter((item: { email: string }) => item.email === email);
    expect(stored).toEqual([
      expect.objectContaining({
        name: 'Avery Slow',
        projectType: 'website',
        budget: '2-5k',
        timeframe: '1month',
        newsletter: true,
        message: 'A booking page for the shop, with reminders.',
      }),
    ]);
    // A reload shows the thanks again and sends nothing more.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
    expect(await ownerEntries(admin, '/api/admin/quotes?pageSize=100', 'email', email)).toHaveLength(1);
  });
});

test.describe('the forms with a bot check, without JavaScript', () => {
  test('a comment: one more press (the cached page had no token), then stored awaiting moderation', async ({
    page,
    admin,
    addresses,
  }) => {
    const words = `Read this on a slow phone ${Date.now()}: the retry advice is gold.`;
    await page.goto('/blog/one-schema-form-to-database');
    const form = page.getByRole('form', { name: 'Leave a Comment' });
    // Every group of fields on the page has a name (validators flag a nameless fieldset).
    const unnamed = await page
      .locator('fieldset')
      .evaluateAll(
        (sets) =>
          sets.filter(
            (set) =>
              !set.querySelector(':scope > legend') &&
              !set.getAttribute('aria-label') &&
              !set.getAttribute('aria-labelledby'),
          ).length,
      );
    expect(unnamed).toBe(0);
    await form.getByLabel('Name').fill('Robin Slow');
    await form.getByLabel('Email').fill('robin.slow@example.com');
    await form.getByLabel('Comment').fill(words);
    await form.getByRole('button', { name: 'Submit Comment' }).click();
    // The verification phrase was left out: the spec's message, everything kept, a token for next time.
    const again = page.getByRole('form', { name: 'Leave a Comment' });
    await expect(again.getByText('Please complete the CAPTCHA verification').first()).toBeVisible();
    await expect(again.getByLabel('Comment')).toHaveValue(words);
    await again.getByLabel('Verification').fill('not-a-robot');
    const shown = Date.now();
    await pastTheMinimum(page, shown);
    await again.getByRole('button', { name: 'Submit Comment' }).click();
    await expect(page).toHaveURL(/\?done=comment#leave-comment$/);
    await expect(page.getByRole('status').filter({ hasText: 'Comment submitted' })).toContainText(
      'Your comment has been submitted and is awaiting moderation.',
    );
    expectNoneIn(addresses, ['robin.slow', 'retry advice']);
    expect(
      await ownerEntries(admin, '/api/admin/comments?status=pending&pageSize=100', 'content', words),
    ).toHaveLength(1);
  });

  test('a comment sent complete is stored at the first press, and a reload sends nothing again', async ({
    page,
    admin,
  }) => {
    const words = `Straight through without scripts ${Date.now()}, and it still arrived.`;
    await page.goto('/blog/one-schema-form-to-database');
    const arrived = Date.now();
    const form = page.getByRole('form', { name: 'Leave a Comment' });
    await form.getByLabel('Name').fill('Robin Quick');
    await form.getByLabel('Email').fill('robin.quick@example.com');
    await form.getByLabel('Comment').fill(words);
    await form.getByLabel('Verification').fill('not-a-robot');
    // As long on the page as a person takes to write a comment: the visit stands for the token.
    await pastTheMinimum(page, arrived);
    await form.getByRole('button', { name: 'Submit Comment' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Comment submitted' })).toBeVisible();
    // A reload is a plain GET of the page: nothing is sent again.
    await page.reload();
    expect(
      await ownerEntries(admin, '/api/admin/comments?status=pending&pageSize=100', 'content', words),
    ).toHaveLength(1);
  });

  test('a comment sent sooner than a person could write it (a script at once) is not stored; pressed again once the moment has passed, it is, once', async ({
    page,
    admin,
  }) => {
    const words = `Sent the moment the page came ${Date.now()}, as a script would.`;
    await page.goto('/blog/one-schema-form-to-database');
    const form = page.getByRole('form', { name: 'Leave a Comment' });
    await form.getByLabel('Name').fill('Robin Rapid');
    await form.getByLabel('Email').fill('robin.rapid@example.com');
    await form.getByLabel('Comment').fill(words);
    await form.getByLabel('Verification').fill('not-a-robot');
    // The visit begins right before the press, as a script's does (it reads the page, then posts):
    // how long a loaded machine takes to draw the page and type must not count as the visitor's.
    await page.context().clearCookies();
    await page.request.get('/blog/one-schema-form-to-database');
    const arrived = Date.now();
    await form.getByRole('button', { name: 'Submit Comment' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'One more moment' })).toContainText(
      "Please wait a moment, then press 'Submit Comment' again.",
    );
    expect(
      await ownerEntries(admin, '/api/admin/comments?status=pending&pageSize=100', 'content', words),
    ).toHaveLength(0);
    const again = page.getByRole('form', { name: 'Leave a Comment' });
    await expect(again.getByLabel('Comment')).toHaveValue(words);
    await pastTheMinimum(page, arrived);
    await again.getByRole('button', { name: 'Submit Comment' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Comment submitted' })).toBeVisible();
    expect(
      await ownerEntries(admin, '/api/admin/comments?status=pending&pageSize=100', 'content', words),
    ).toHaveLength(1);
  });

  test('a sent comment posted again with the same visit (its token spent) is not stored twice', async ({
    page,
    admin,
    baseURL,
  }) => {
    const words = `Sent once, replayed ${Date.now()}: the second must not land.`;
    await page.goto('/blog/one-schema-form-to-database');
    const arrived = Date.now();
    const cookies = await page.context().cookies();
    const visit = cookies.find((cookie) => cookie.name === 'visit');
    expect(visit?.httpOnly).toBe(true);
    const form = page.getByRole('form', { name: 'Leave a Comment' });
    await form.getByLabel('Name').fill('Robin Twice');
    await form.getByLabel('Email').fill('robin.twice@example.com');
    await form.getByLabel('Comment').fill(words);
    await form.getByLabel('Verification').fill('not-a-robot');
    await pastTheMinimum(page, arrived);
    await form.getByRole('button', { name: 'Submit Comment' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Comment submitted' })).toBeVisible();
    // The same post with the visit as it was before it was sent: its token is spent.
    const replay = await page.request.post('/blog/one-schema-form-to-database', {
      form: {
        _form: 'comment',
        name: 'Robin Twice',
        email: 'robin.twice@example.com',
        content: words,
        captchaToken: 'not-a-robot',
        website: '',
      },
      headers: { cookie: `visit=${visit?.value}`, origin: baseURL ?? '' },
      maxRedirects: 0,
    });
    expect(replay.status()).toBe(200);
    expect(await replay.text()).toContain('Almost there');
    expect(
      await ownerEntries(admin, '/api/admin/comments?status=pending&pageSize=100', 'content', words),
    ).toHaveLength(1);
  });

  test('a guest post is received and thanked for at the first press', async ({ page, admin }) => {
    const title = `Keys without scripts ${Date.now().toString(36)}`;
    await page.goto('/contribute');
    const arrived = Date.now();
    const form = page.getByRole('form', { name: 'Guest post' });
    await fillGuestPost(form, title, 'not-a-robot');
    await pastTheMinimum(page, arrived);
    await form.getByRole('button', { name: 'Submit for Review' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for your contribution!' })).toBeVisible();
    expect(
      await ownerEntries(admin, '/api/admin/contributions?status=pending&pageSize=100', 'title', title),
    ).toHaveLength(1);
  });

  test("'Endorse this skill' is a link to the skill's own form, which stores the endorsement at the first press", async ({
    page,
    admin,
  }) => {
    const name = `Jamie ${Date.now().toString(36)}`;
    await page.goto('/#skills');
    await page.getByRole('link', { name: 'Endorse this skill: Docker' }).click();
    await expect(page).toHaveURL(/\/skills\/\d+\/endorse$/);
    const arrived = Date.now();
    await expect(page.getByRole('heading', { name: 'Endorse this skill: Docker', level: 1 })).toBeVisible();
    // The rating is a radio group the browser moves alone.
    await choose(page.getByRole('radio', { name: '4 stars' }));
    await page.getByLabel('Your Name').fill(name);
    // The page's own form (the footer has the newsletter's).
    await page.getByRole('main').getByRole('textbox', { name: 'Email' }).fill('jamie.endorse@example.com');
    await page.getByLabel('Comment (optional)').fill('Set up our whole build on it.');
    await pastTheMinimum(page, arrived);
    await page.getByRole('button', { name: 'Submit Endorsement' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Endorsement submitted' })).toContainText(
      'Thank you for endorsing Docker!',
    );
    expect(await ownerEntries(admin, '/api/admin/endorsements?pageSize=100', 'name', name)).toEqual([
      expect.objectContaining({ skillName: 'Docker', rating: 4, comment: 'Set up our whole build on it.' }),
    ]);
  });
});

test.describe('pages whole in their HTML', () => {
  for (const path of ['/', '/blog/one-schema-form-to-database', '/book-a-call', '/projects/keycode-help']) {
    test(`${path}: finished content in place, no hidden copy for a script to swap in, each id once`, async ({
      request,
    }) => {
      const html = await (await request.get(path)).text();
      expect(html).not.toMatch(/<div hidden id="S:/);
      expect(html).not.toMatch(/<template id="B:/);
      expect(html).not.toContain('Loading the quote form...');
      expect(html).not.toContain('Loading the comment form...');
      expect(html).not.toContain('Loading skills data from GitHub...');
      const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]);
      const twice = ids.filter((id, index) => ids.indexOf(id) !== index);
      expect(twice).toEqual([]);
    });
  }

  // Nothing stands at an estimated height until it comes near: the browser's smooth scroll to an
  // anchor (a refused quote form sent back at #quote-form) is planned over the page as it is then,
  // and stopped thousands of pixels short of the form on a slow phone when the page grew under it.
  for (const path of ['/', '/blog']) {
    test(`${path} on a phone is its whole height from the start: it does not grow as the visitor scrolls down`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(path);
      const height = () => page.evaluate(() => document.documentElement.scrollHeight);
      const atFirst = await height();
      for (const heading of await page.getByRole('heading').all()) {
        await heading.scrollIntoViewIfNeeded();
        await expect(heading).toBeInViewport();
      }
      await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
      await expect(page.getByRole('contentinfo')).toBeInViewport();
      expect(await height()).toBe(atFirst);
    });
  }
});

test.describe('the theme without JavaScript', () => {
  // The palette's paper and ink (web/app.css): what the page is painted in.
  const LOOKS = {
    light: { background: 'rgb(250, 248, 244)', text: 'rgb(20, 22, 28)' },
    dark: { background: 'rgb(14, 17, 22)', text: 'rgb(243, 241, 236)' },
  } as const;
  for (const scheme of ['light', 'dark'] as const) {
    test(`follows a ${scheme} system on an island page and on a page with the whole stylesheet`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({ baseURL, javaScriptEnabled: false, colorScheme: scheme });
      const page = await context.newPage();
      // The home page paints with its critical CSS (the whole stylesheet after the content); the
      // sign-in page links the whole stylesheet in its head.
      for (const path of ['/', '/auth']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const painted = await page.evaluate(() => {
          const style = getComputedStyle(document.body);
          return { background: style.backgroundColor, text: style.color };
        });
        expect(painted, path).toEqual(LOOKS[scheme]);
      }
      await context.close();
    });
  }

  test("offers no theme toggle and no view mode switch, which only the page's code could work", async ({
    page,
  }) => {
    await page.goto('/blog');
    await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Switch to (dark|light) theme$/ })).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'View mode' })).toHaveCount(0);
    // On a phone the switch sits in the menu, which opens without code (a popover).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(
      page.getByRole('navigation', { name: 'Main (mobile)' }).getByRole('link', { name: 'Blog' }),
    ).toBeVisible();
    await expect(page.getByRole('group', { name: 'View mode' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Switch to (dark|light) theme$/ })).toHaveCount(0);
  });
});

test.describe('bots meet the same checks on the posted path', () => {
  /** The fresh token a page's answer carries, from its hidden field. */
  const tokenIn = (html: string) => /name="formToken" value="([^"]+)"/.exec(html)?.[1] ?? '';

  test('a filled honeypot is answered like a person and stores nothing; a token is taken once', async ({
    request,
    baseURL,
    admin,
  }) => {
    const path = '/blog/one-schema-form-to-database';
    const form = {
      _form: 'comment',
      name: 'Spam Bot',
      email: 'bot@example.com',
      content: `Buy cheap keys ${Date.now()} at our shop today`,
      captchaToken: 'not-a-robot',
      website: 'https://spam.example',
    };
    const headers = { origin: baseURL as string, 'x-forwarded-for': '10.250.1.1' };
    const first = await request.post(path, { form, headers });
    const token = tokenIn(await first.text());
    expect(token).not.toBe('');
    // A press before a person could have read the page: asked to wait, nothing stored.
    const early = await request.post(path, { form: { ...form, formToken: token }, headers, maxRedirects: 0 });
    expect(await early.text()).toContain('One more moment');
    await new Promise((resolve) => setTimeout(resolve, 3_300));
    const answered = await request.post(path, {
      form: { ...form, formToken: token },
      headers,
      maxRedirects: 0,
    });
    expect(answered.status()).toBe(303);
    expect(answered.headers().location).toContain('?done=comment');
    // The same token again, as a person this time: it is spent, so nothing is sent; the page asks
    // for one more press with a fresh token (as the script retries once with a fresh one).
    const again = await request.post(path, {
      form: { ...form, website: '', formToken: token },
      headers,
      maxRedirects: 0,
    });
    const page = await again.text();
    expect(again.status()).toBe(200);
    expect(page).toContain('Almost there');
    expect(tokenIn(page)).not.toBe('');
    expect(tokenIn(page)).not.toBe(token);
    const all = await (await admin.get('/api/admin/comments?status=all&pageSize=100')).json();
    expect(all.items.filter((item: { content: string }) => item.content === form.content)).toEqual([]);
  });
});
