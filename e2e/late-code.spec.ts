/**
 * A visitor whose page's code is late (issue 30, ADR 013): a form sent before its code arrives is
 * posted by the browser to its page and handled there, once; what was typed before the code
 * arrived is still there after it; no form anywhere can send its fields in an address.
 */
import type { Page, Route } from '@playwright/test';
import { E2E_ADMIN } from './constants.ts';
import { adminApi, expect, test, waitForHydration } from './fixtures.ts';

/** Holds back every script whose address matches until `release` is called; returns it. */
async function holdScripts(page: Page, pattern: RegExp): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let released = false;
  await page.route(
    (url) => url.pathname.endsWith('.js') && pattern.test(url.pathname),
    async (route) => {
      if (released) return route.continue();
      held.push(route);
    },
  );
  return async () => {
    released = true;
    for (const route of held.splice(0)) await route.continue().catch(() => {});
  };
}

/**
 * Opens a page whose scripts are held: the frame's own goto (the fixture's page.goto waits for
 * hydration), waiting only for the response (the document's load waits for its module scripts).
 */
async function openUnhydrated(page: Page, path: string) {
  await page.mainFrame().goto(path, { waitUntil: 'commit' });
  await page.locator('main').waitFor();
}

/** Every document request the page made: its method and address. */
function watchDocuments(page: Page): Array<{ method: string; url: string }> {
  const seen: Array<{ method: string; url: string }> = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest()) seen.push({ method: request.method(), url: request.url() });
  });
  return seen;
}

/** The stored quote requests from `email`, read through the owner's API (signed in once per page). */
const admins = new WeakMap<Page, Promise<Awaited<ReturnType<typeof adminApi>>>>();
async function quotesFor(page: Page, baseURL: string, email: string) {
  const browser = page.context().browser();
  if (!browser) throw new Error('no browser');
  let admin = admins.get(page);
  if (!admin) {
    admin = adminApi(browser, baseURL);
    admins.set(page, admin);
  }
  const quotes = await (await (await admin).get('/api/admin/quotes?pageSize=100')).json();
  return quotes.items.filter((item: { email: string }) => item.email === email);
}

async function fillQuote(page: Page, email: string) {
  const form = page.getByRole('form', { name: 'Get a Custom Quote' });
  await form.getByLabel('Name').fill('Avery Slow');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Project type').selectOption('website');
  await form.getByLabel('Budget').selectOption('flexible');
  await form.getByLabel('Timeframe').selectOption('asap');
  await form.getByLabel('Project details').fill('A site for the shop, sent from a slow phone.');
  return form;
}

test('the quote form sent before its code arrives is posted once by the browser, never as a GET', async ({
  page,
  baseURL,
}) => {
  const release = await holdScripts(page, /entry\.client/);
  const documents = watchDocuments(page);
  const email = `late.quote.${Date.now()}@example.com`;
  await openUnhydrated(page, '/#contact');
  const form = await fillQuote(page, email);
  await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
  await form.getByRole('button', { name: 'Send Request' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  await release();
  await waitForHydration(page);
  expect(await quotesFor(page, baseURL as string, email)).toHaveLength(1);
  expect(documents.filter(({ url }) => url.includes('late.quote') || url.includes('Avery'))).toEqual([]);
  expect(documents.some(({ method }) => method === 'POST')).toBe(true);
});

test('typing done before the quote form’s code arrives is kept when it arrives, and sent once by it', async ({
  page,
  baseURL,
}) => {
  const release = await holdScripts(page, /entry\.client/);
  const email = `early.typing.${Date.now()}@example.com`;
  await openUnhydrated(page, '/#contact');
  const form = await fillQuote(page, email);
  await form.getByLabel('Send me occasional updates and articles').check();
  await release();
  await waitForHydration(page);
  await expect(form.getByLabel('Name')).toHaveValue('Avery Slow');
  await expect(form.getByLabel('Email')).toHaveValue(email);
  await expect(form.getByLabel('Project type')).toHaveValue('website');
  await expect(form.getByLabel('Project details')).toHaveValue(
    'A site for the shop, sent from a slow phone.',
  );
  await expect(form.getByLabel('Send me occasional updates and articles')).toBeChecked();
  await form.getByRole('button', { name: 'Send Request' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeFocused();
  await expect.poll(async () => (await quotesFor(page, baseURL as string, email)).length).toBe(1);
  expect((await quotesFor(page, baseURL as string, email))[0]).toMatchObject({ newsletter: true });
});

test('the quote form is never swapped for its placeholder once shown, and keeps what was typed', async ({
  page,
  baseURL,
}) => {
  const release = await holdScripts(page, /entry\.client/);
  const email = `stand.in.${Date.now()}@example.com`;
  await openUnhydrated(page, '/#contact');
  const form = await fillQuote(page, email);
  // The visitor follows the header's links while the form's code is late: the router's location
  // changes, and React gives up the server's form (a copy of it stands in).
  const nav = page.getByRole('navigation', { name: 'Main', exact: true });
  await nav.getByRole('link', { name: 'Skills' }).click();
  await nav.getByRole('link', { name: 'Contact' }).click();
  await expect(page.getByText('Loading the quote form...')).toHaveCount(0);
  await expect(form.getByLabel('Name')).toHaveValue('Avery Slow');
  await expect(form.getByLabel('Project type')).toHaveValue('website');
  await release();
  await waitForHydration(page);
  await expect(form.getByLabel('Email')).toHaveValue(email);
  await expect(form.getByLabel('Project details')).toHaveValue(
    'A site for the shop, sent from a slow phone.',
  );
  await form.getByRole('button', { name: 'Send Request' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeFocused();
  await expect.poll(async () => (await quotesFor(page, baseURL as string, email)).length).toBe(1);
});

test('signing in before any of the page’s code arrives: the browser posts it, the password stays out of the address', async ({
  page,
}) => {
  const release = await holdScripts(page, /./);
  const documents = watchDocuments(page);
  // The page as the server sent it: nothing will hydrate while its scripts are held.
  await openUnhydrated(page, '/auth');
  await page.getByLabel('Username').fill(E2E_ADMIN.username);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByLabel('Password').press('Enter');
  // The new page's scripts are held too: its response is what counts.
  await page.waitForURL(/\/\?done=login$/, { waitUntil: 'commit' });
  await release();
  await waitForHydration(page);
  await expect(page.getByRole('status').filter({ hasText: 'Login successful' })).toBeVisible();
  expect((await (await page.request.get('/api/user')).json()).username).toBe(E2E_ADMIN.username);
  expect(documents.filter(({ url }) => url.includes('password') || url.includes('Passw'))).toEqual([]);
});

test('a password typed before the sign-in page’s code arrives is still there when it arrives', async ({
  page,
}) => {
  const release = await holdScripts(page, /./);
  await openUnhydrated(page, '/auth');
  await page.getByLabel('Username').fill(E2E_ADMIN.username);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await release();
  await waitForHydration(page);
  await expect(page.getByLabel('Username')).toHaveValue(E2E_ADMIN.username);
  await expect(page.getByLabel('Password')).toHaveValue(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/(\?done=login)?$/);
  expect((await (await page.request.get('/api/user')).json()).username).toBe(E2E_ADMIN.username);
});

/** Every form on the page posts, or is a search form of address fields only. */
async function expectFormsPost(page: Page, label: string) {
  const forms = await page.locator('form').evaluateAll((elements) =>
    elements.map((form) => {
      const element = form as HTMLFormElement;
      return {
        name: element.getAttribute('aria-label') ?? element.id ?? '',
        method: (element.getAttribute('method') ?? 'get').toLowerCase(),
        action: element.getAttribute('action'),
        fields: Array.from(element.elements)
          .map((control) => (control as HTMLInputElement).name)
          .filter(Boolean),
      };
    }),
  );
  for (const form of forms) {
    const where = `${label}: form ${form.name} (${form.method} ${form.action})`;
    expect(form.action, where).toBeTruthy();
    if (form.method === 'post') continue;
    expect(form.method, where).toBe('get');
    for (const field of form.fields)
      expect(['q', 'tag', 'page', 'projects'], `${where}: field ${field}`).toContain(field);
  }
  return forms.length;
}

const publicPages = [
  '/',
  '/blog',
  '/blog/one-schema-form-to-database',
  '/projects/keycode-help',
  '/auth',
  '/auth?tab=register',
  '/resume',
  '/recommendations',
  '/book-a-call',
  '/contribute',
  '/skills/1/endorse',
  '/privacy',
  '/terms',
];

test.describe('every form posts, or searches by its address fields only', () => {
  test.describe('as the server sends it', () => {
    test.use({ javaScriptEnabled: false });
    test('signed out', async ({ page }) => {
      let count = 0;
      for (const path of publicPages) {
        await page.goto(path);
        count += await expectFormsPost(page, path);
      }
      // The pages above hold at least the quote, sign-in, register, comment, resume,
      // recommendation, booking, guest post, endorsement and search forms.
      expect(count).toBeGreaterThanOrEqual(10);
    });
  });

  test('live, signed out and as the owner', async ({ page, signInAs }) => {
    test.slow();
    for (const path of publicPages) {
      await page.goto(path);
      await expectFormsPost(page, path);
    }
    await signInAs('admin');
    let count = 0;
    for (const path of [
      '/generate-images',
      '/admin/blog',
      '/admin/blog/pipeline',
      '/admin/blog/bookings',
      '/admin/blog/testimonials',
      '/admin/blog/data',
      '/admin/blog/security',
    ]) {
      await page.goto(path);
      await expect(page.getByText(/^Loading /)).toHaveCount(0);
      count += await expectFormsPost(page, path);
    }
    expect(count).toBeGreaterThanOrEqual(6);
  });
});

test('a dashboard form sent before its code arrives is saved by its page, and its code then shows the answer', async ({
  page,
  signInAs,
  admin,
}) => {
  await signInAs('admin');
  const release = await holdScripts(page, /./);
  const documents = watchDocuments(page);
  const client = `Morgan Early ${Date.now().toString(36)}`;
  await openUnhydrated(page, '/admin/blog/testimonials');
  await page.getByLabel('Client name').fill(client);
  await page.getByRole('button', { name: 'Create link' }).click();
  // The browser's own post: the page answers with the private link (shown once, never in an address).
  await expect(
    page.getByRole('status').filter({ hasText: `Send this private link to ${client}` }),
  ).toBeVisible();
  await release();
  await waitForHydration(page);
  await expect(
    page.getByRole('status').filter({ hasText: `Send this private link to ${client}` }),
  ).toContainText('/testimonial/');
  const list = await (await admin.get('/api/admin/testimonials')).json();
  expect(list.filter((item: { clientName: string }) => item.clientName === client)).toHaveLength(1);
  expect(documents.filter(({ method }) => method === 'POST')).toHaveLength(1);
  expect(documents.filter(({ url }) => url.includes('?'))).toEqual([]);
});
