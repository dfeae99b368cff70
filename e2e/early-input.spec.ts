/**
 * Nothing a visitor does before the code is live is lost or done twice (issue 44, point 2): on a
 * slow phone with the page's code held back and let go in the middle, each tap on the phone menu
 * and the theme switch, each chip or link followed, each form sent and each letter typed acts
 * exactly once, before, while and after the page goes live.
 */
import type { Locator, Page } from '@playwright/test';
import { adminApi, expect, ownerEntries, test } from './fixtures.ts';
import { arrive, expectLive, holdTheCode, live, PHONE, throttleLikeAPhone } from './phone-kit.ts';

test.use({ ...PHONE });

const menuButton = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: /^(Open|Close) menu$/ });
const menuShown = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Main (mobile)', includeHidden: true })
    .evaluate((menu) => menu.matches(':popover-open'));

/** Every request for `path` (its document, or React Router's data for it) from now on. */
function visitsOf(page: Page, path: (pathname: string) => boolean): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() !== 'GET') return;
    const pathname = decodeURIComponent(url.pathname.replace(/\.data$/, ''));
    if ((request.isNavigationRequest() || url.pathname.endsWith('.data')) && path(pathname))
      seen.push(url.pathname);
  });
  return seen;
}

// Each kind of page is a test of its own: the four in one test came within seconds of its limit on
// a busy machine (a throttled phone's load and ten taps each).
for (const path of ['/', '/blog', '/blog/one-schema-form-to-database', '/projects/keycode-help']) {
  test(`ten taps on the phone menu open and close it ten times, before, while and after the code goes live, on ${path}`, async ({
    page,
  }) => {
    await throttleLikeAPhone(page);
    const release = await holdTheCode(page);
    await arrive(page, path, 'commit');
    await expect(menuButton(page)).toBeVisible();
    for (let tap = 1; tap <= 10; tap++) {
      // Three taps before the code arrives; then it is let go, and the taps go on while it starts.
      if (tap === 4) await release();
      // The last three once the page is live.
      if (tap === 8) await expectLive(page);
      await menuButton(page).tap();
      await expect.poll(() => menuShown(page), `${path}, tap ${tap}`).toBe(tap % 2 === 1);
    }
    await expectLive(page);
    await expect(menuButton(page)).toHaveAccessibleName('Open menu');
    await menuButton(page).tap();
    await expect(menuButton(page)).toHaveAccessibleName('Close menu');
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });
}

test.describe('in a light system theme', () => {
  test.use({ colorScheme: 'light' });

  test('each press on the theme switch flips the theme once, before, while and after the code goes live', async ({
    page,
  }) => {
    await throttleLikeAPhone(page);
    const release = await holdTheCode(page);
    await arrive(page, '/', 'commit');
    const html = page.locator('html');
    const press = async (dark: boolean) => {
      await page.getByRole('button', { name: dark ? 'Switch to dark theme' : 'Switch to light theme' }).tap();
      if (dark) await expect(html).toHaveClass(/\bdark\b/);
      else await expect(html).not.toHaveClass(/\bdark\b/);
      expect(await page.evaluate(() => localStorage.getItem('portfolio-theme'))).toBe(
        dark ? 'dark' : 'light',
      );
    };
    await press(true);
    await press(false);
    await press(true);
    await expect(live(page)).toHaveCount(0);
    await release();
    await press(false);
    await press(true);
    await expectLive(page);
    await press(false);
    await press(true);
    // A new page of the visit starts in the chosen theme.
    await page.reload();
    await expect(html).toHaveClass(/\bdark\b/);
  });
});

test('a tag chip and a link lead to their page once, before, while and after the code goes live', async ({
  page,
}) => {
  await throttleLikeAPhone(page);
  const release = await holdTheCode(page);
  await arrive(page, '/blog', 'commit');
  const categories = page.getByRole('complementary').getByRole('list').first();
  const chip = categories.getByRole('link').nth(1);
  const tag = (await chip.textContent()) ?? '';
  // Before: the browser follows it.
  const tagPage = visitsOf(page, (pathname) => pathname === `/blog/tag/${tag}`);
  await chip.tap();
  // Twice in CI (2026-12-05 and -06) this first tap left the page at /blog, passing on its retry and
  // never here: the message then says where the tap went, for the next one to read in the log.
  await expect(page)
    .toHaveURL((url) => decodeURIComponent(url.pathname) === `/blog/tag/${tag}`)
    .catch(async (error: Error) => {
      const seen = await whereTheTapWent(page, chip);
      throw new Error(`${error.message}\n${seen}; requests for the tag page: ${tagPage.length}`);
    });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Posts tagged “${tag}”`);
  expect(tagPage).toHaveLength(1);
  // While the code starts: the chosen chip, back to every post.
  const blog = visitsOf(page, (pathname) => pathname === '/blog');
  await release();
  await categories.getByRole('link', { name: tag, exact: true }).tap();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blog');
  await expectLive(page);
  expect(blog).toHaveLength(1);
  // Once live: a post's link (a seeded post: one another test writes may be gone by the tap).
  const first = page
    .getByRole('list', { name: 'Posts' })
    .getByRole('link', { name: 'Transponder Keys Explained: What Programming Really Means' })
    .first();
  const href = (await first.getAttribute('href')) ?? '';
  const post = visitsOf(page, (pathname) => pathname === href);
  await first.tap();
  await expect(page).toHaveURL((url) => url.pathname === href);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(post).toHaveLength(1);
});

/** The chip's box, what the page shows at its centre, and how far the page had come. */
async function whereTheTapWent(page: Page, chip: Locator): Promise<string> {
  const box = await chip.boundingBox().catch(() => null);
  const at = box ? { x: box.x + box.width / 2, y: box.y + box.height / 2 } : null;
  const found = await page.evaluate((point) => {
    const hit = point ? document.elementFromPoint(point.x, point.y) : null;
    return {
      hit: hit ? `${hit.tagName.toLowerCase()} "${(hit.textContent ?? '').trim().slice(0, 40)}"` : 'nothing',
      readyState: document.readyState,
      sheets: document.styleSheets.length,
      painted: performance.getEntriesByName('first-contentful-paint').length > 0,
      scrollY: window.scrollY,
    };
  }, at);
  return `tap at ${JSON.stringify(at)}: ${JSON.stringify(found)}`;
}

for (const when of ['before', 'while', 'after'] as const) {
  test(`letters typed ${when} the code goes live are all kept, once, and the quote sent then is stored once`, async ({
    page,
    browser,
    baseURL,
  }) => {
    const email = `early.${when}.${Date.now().toString(36)}@example.com`;
    await throttleLikeAPhone(page);
    const release = await holdTheCode(page);
    await arrive(page, '/#contact', 'commit');
    // A visitor types into a page they see. Before its first paint a field can be focused from
    // code (Playwright can), and Chromium's jump to #contact, made once the stylesheet is in, then
    // clears the focus (its ElementFragmentAnchor: an anchor that takes no focus clears it): the
    // next letters went to the field's start (" Quinn beforeAvery", once in CI).
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    const form = page.getByRole('form', { name: 'Get a Custom Quote' });
    const name = form.getByLabel('Name');
    await name.pressSequentially('Avery');
    if (when === 'while') await release();
    await name.pressSequentially(' Quinn');
    if (when === 'after') {
      await release();
      await expectLive(page);
    }
    await name.pressSequentially(` ${when}`);
    await expect(name).toHaveValue(`Avery Quinn ${when}`);
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Project type').selectOption('website');
    await form.getByLabel('Budget').selectOption('flexible');
    await form.getByLabel('Timeframe').selectOption('asap');
    await form.getByLabel('Project details').fill(`A site for the shop, sent ${when} the code went live.`);
    await form.getByRole('button', { name: 'Send Request' }).tap();
    await expect(
      page.getByText("I'll review your project details and get back to you within 24 hours.").first(),
    ).toBeVisible();
    if (when === 'before') await expect(live(page)).toHaveCount(0);
    const admin = await adminApi(browser, baseURL ?? '');
    const stored = await ownerEntries(admin, '/api/admin/quotes?pageSize=100', 'email', email);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.name).toBe(`Avery Quinn ${when}`);
  });
}

for (const when of ['before', 'while'] as const) {
  test(`a day and a time chosen ${when} the code goes live stay chosen, and the call booked then is that one`, async ({
    page,
  }) => {
    await throttleLikeAPhone(page);
    const release = await holdTheCode(page);
    await arrive(page, '/book-a-call', 'commit');
    const form = page.getByRole('form', { name: 'Choose a time' });
    const day = form
      .getByRole('group', { name: 'Day' })
      .getByRole('radio')
      .nth(when === 'before' ? 8 : 9);
    await day.locator('xpath=ancestor::label[1]').tap();
    await expect(day).toBeChecked();
    const time = form
      .getByRole('group', { name: 'Time' })
      .getByRole('radio')
      .nth(when === 'before' ? 1 : 2);
    const start = (await time.getAttribute('value')) ?? '';
    await time.locator('xpath=ancestor::label[1]').tap();
    if (when === 'while') await release();
    await form.getByLabel('Name').fill(`Early ${when}`);
    await form.getByLabel('Email').fill('early.day@example.com');
    await form.getByLabel('What would you like to talk about?').fill('A spare key for a 2012 pickup');
    if (when === 'before') {
      await release();
      await expectLive(page);
    } else await expectLive(page);
    // Still the day and the time the visitor chose, once the code has taken the page over.
    await expect(day).toBeChecked();
    await expect(form.locator(`input[value="${start}"]`)).toBeChecked();
    await form.getByRole('button', { name: 'Book the call' }).tap();
    await expect(page.getByRole('heading', { name: 'Your call is booked' })).toBeVisible();
    await expect(page.getByText(`Early ${when}`)).toBeVisible();
  });
}

test("a project's tab pressed and a tab's key before the code goes live are each done once, once it is", async ({
  page,
}) => {
  await throttleLikeAPhone(page);
  const release = await holdTheCode(page);
  await arrive(page, '/projects/keycode-help');
  const tab = (name: string) => page.getByRole('tab', { name });
  // Pressed before the panel is live: held, not followed as the link to its panel it is in HTML.
  await tab('Code').tap();
  await tab('Code').focus();
  await page.keyboard.press('ArrowRight');
  expect(new URL(page.url()).hash).toBe('');
  await expect(tab('Live Demo')).toHaveAttribute('aria-selected', 'true');
  await release();
  // Once live: the press chose Code, the arrow moved on from it, with the focus.
  await expect(tab('Technologies')).toHaveAttribute('aria-selected', 'true');
  await expect(tab('Technologies')).toBeFocused();
  await expect(page.getByRole('tabpanel', { name: 'Technologies' })).toBeVisible();
  await expect(page.getByRole('tabpanel', { name: 'Code' })).toBeHidden();
  expect(new URL(page.url()).hash).toBe('');
});
