/**
 * Test fixtures: every page fails its test on a console error or warning or an
 * uncaught exception; `signInAs` signs the browser in as the admin or as a
 * plain user (registered once per worker); `expectAccessible` runs axe.
 */
import { AxeBuilder } from '@axe-core/playwright';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';
import type { AdminPost } from '../common/schemas/blog.ts';
import { E2E_ADMIN, STATIC_HOST } from './constants.ts';

interface Credentials {
  username: string;
  password: string;
}

interface Fixtures {
  /** Console errors and warnings of the test's pages; the test fails if any remain at its end. */
  consoleGuard: { problems: string[]; allowed: Array<{ pattern: RegExp; onPage?: RegExp }> };
  /**
   * Lets console messages matching the pattern pass: the browser's own "Failed to load
   * resource" line for a response the test expects to fail (a 404 page, a wrong password). With
   * `onPage`, only on pages whose address matches it.
   */
  allowConsole: (pattern: RegExp, onPage?: RegExp) => void;
  signInAs: (who: 'admin' | 'user') => Promise<Credentials>;
  /**
   * 'standard' (the default here): pages open in Standard view unless the test switches, so
   * immersive mode's tour, dock and cursor do not cover what other tests click. 'unset': nothing
   * is stored, as for a first visit (immersive mode's own tests).
   */
  viewMode: 'standard' | 'unset';
  /**
   * Off by default. On for the files that work without JavaScript: there a refused form is
   * answered 400 (a wrong password 401) with the form again, which the browser logs as a
   * failed load; those lines pass, and each test still fails unless it reaches its own end.
   */
  refusedFormsExpected: boolean;
  /** Who the test's page is signed in as before the test starts: nobody (the default), the owner or a visitor's account. */
  signedIn: 'admin' | 'user' | null;
  /**
   * Off by default, where an outside address does not resolve. On: the page gets a stand-in page
   * for every outside address (routed through the test, which also turns the browser's cache off).
   */
  standIns: boolean;
  /** The owner's API, signed in (its own context and address; see adminApi). */
  admin: APIRequestContext;
  /** Every address the test's page went to (its document requests), for `expectNoneIn`. */
  addresses: string[];
}

interface WorkerFixtures {
  userCredentials: Credentials;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  viewMode: ['standard', { option: true }],
  refusedFormsExpected: [false, { option: true }],
  signedIn: [null, { option: true }],
  standIns: [false, { option: true }],

  userCredentials: [
    async ({ playwright }, use, workerInfo) => {
      const credentials = {
        username: `visitor${workerInfo.workerIndex}${Date.now().toString(36)}`,
        password: 'visitor-password',
      };
      // From an address of the worker's own, as each test has one: a run that starts many workers
      // (after failures, each one's retry) must not spend the sign-up limit of one address.
      const request = await playwright.request.newContext({
        baseURL: workerInfo.project.use.baseURL,
        extraHTTPHeaders: {
          'x-forwarded-for': testIp(`worker ${workerInfo.workerIndex} ${credentials.username}`),
        },
      });
      const response = await request.post('/api/register', {
        data: { ...credentials, email: `${credentials.username}@example.com` },
      });
      expect(response.status(), await response.text()).toBe(201);
      await request.dispose();
      await use(credentials);
    },
    { scope: 'worker' },
  ],

  addresses: async ({ page }, use) => {
    await use(watchAddresses(page));
  },

  admin: async ({ browser, baseURL }, use) => {
    await use(await adminApi(browser, baseURL ?? ''));
  },

  allowConsole: async ({ consoleGuard }, use) => {
    await use((pattern, onPage) => consoleGuard.allowed.push({ pattern, onPage }));
  },

  consoleGuard: async ({ context, refusedFormsExpected }, use) => {
    const problems: string[] = [];
    const allowed: Array<{ pattern: RegExp; onPage?: RegExp }> = [];
    if (refusedFormsExpected) allowed.push({ pattern: /status of 40[01]\b/ });
    const watch = (page: Page) => {
      page.on('console', (message) => {
        const text = message.text();
        // A form's refusal, answered to the page's code by its route's action (ADR 018): what
        // the visitor typed was checked and sent back with the messages; nothing went wrong.
        if (/status of 4\d\d\b/.test(text) && /\.data(\?|$)/.test(message.location().url)) return;
        if (
          allowed.some(({ pattern, onPage }) => pattern.test(text) && (!onPage || onPage.test(page.url())))
        ) {
          return;
        }
        if (message.type() === 'error' || message.type() === 'warning') {
          problems.push(`console.${message.type()}: ${message.text()} (${page.url()})`);
        }
      });
      page.on('pageerror', (error) => problems.push(`uncaught: ${error.message} (${page.url()})`));
    };
    for (const page of context.pages()) watch(page);
    context.on('page', watch);
    await use({ problems, allowed });
    expect(problems, 'console errors or warnings').toEqual([]);
  },

  page: async (
    { page, consoleGuard, viewMode, javaScriptEnabled, signedIn, userCredentials, standIns },
    use,
    testInfo,
  ) => {
    void consoleGuard; // installs the guard before the page is used
    if (viewMode === 'standard') {
      await page.context().addInitScript(() => {
        try {
          if (localStorage.getItem('isImmersiveMode') === null) {
            localStorage.setItem('isImmersiveMode', 'false');
          }
        } catch {
          // about:blank and other opaque origins have no storage.
        }
      });
    }
    // A CSP violation (an inline script without its hash or nonce, an eval) fails the test too.
    await page.context().addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    // Every toast the page shows is noted as it appears (see expectToast).
    await page.context().addInitScript(recordToasts);
    // A client address of its own per test: the per-IP limits of public forms apply per test.
    await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': testIp(testInfo.testId) });
    // Nothing leaves this machine: the browser resolves no outside name (playwright.config.ts).
    // Where a test looks inside an outside page (a project's demo), it gets a stand-in page.
    if (standIns) {
      await page.context().route(
        (url) => url.hostname !== 'localhost' && url.hostname !== '127.0.0.1' && url.hostname !== STATIC_HOST,
        (route) =>
          route.fulfill({
            contentType: 'text/html',
            body: `<!doctype html><title>Stand-in</title><p>Stand-in for ${route.request().url()}</p>`,
          }),
      );
    }
    if (signedIn) await signIn(page, signedIn === 'admin' ? E2E_ADMIN : userCredentials);
    // Without JavaScript the page is what the server sent: nothing will hydrate.
    if (javaScriptEnabled === false) {
      await use(page);
      return;
    }
    // Navigations wait until React has hydrated (a public page starts its code by itself once it
    // has been painted, ADR 017), as most visitors' first clicks come after it.
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await reachForPage(page);
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      await reachForPage(page);
      return response;
    };
    await use(page);
  },

  signInAs: async ({ page, userCredentials }, use) => {
    await use(async (who) => signIn(page, who === 'admin' ? E2E_ADMIN : userCredentials));
  },
});

export { expect };

/** Signs the page's browser in (its session cookie set, as the sign-in form does). */
async function signIn(page: Page, credentials: Credentials): Promise<Credentials> {
  const response = await page.request.post('/api/login', { data: credentials });
  expect(response.status(), await response.text()).toBe(200);
  return credentials;
}

/** A stable 10.x.y.z address for a test id. */
function testIp(id: string): string {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `10.${(hash >>> 16) & 255}.${(hash >>> 8) & 255}.${hash & 255}`;
}

/**
 * Chooses a radio drawn as a pill: its input is visually hidden, so a visitor presses the label
 * around it. Clicking the label keeps Playwright's waits for a stable, unobscured target; a forced
 * click on the hidden input skips them, and on a page still settling (CI's load) it pressed
 * whatever had moved under the input's old place, so the choice did not change.
 */
export async function choose(radio: Locator) {
  await radio.locator('xpath=ancestor::label[1]').click();
  await expect(radio).toBeChecked();
}

/** Opens the signed-in visitor's account menu once its lazily loaded code is interactive. */
export async function openAccountMenu(page: Page, username?: string) {
  const trigger = page.getByRole('button', {
    name: username ? `Account menu for @${username}` : /^Account menu for @/,
  });
  await expect(trigger).toHaveAttribute('data-ready', 'true');
  await trigger.click();
  await expect(page.getByRole('menu')).toBeVisible();
}

/**
 * Resolves after the page has drawn `count` more frames: by then what a scroll or an observer
 * would have changed has been rendered. What a check that something stays absent waits for.
 */
export async function afterFrames(page: Page, count = 3) {
  await page.evaluate(
    (n) =>
      new Promise<void>((resolve) => {
        const step = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
        step(n);
      }),
    count,
  );
}

/** Pages whose fake clock a test has paused (pausedClock): their code starts only as the clock is run. */
const pausedPages = new WeakSet<Page>();

/**
 * Installs the page's fake clock and pauses it a second on: from then on timers and frames run only
 * as the test runs the clock. A page's code starts after the load event's frame and a timer (ADR
 * 017), so a navigation on this page runs the clock on in small steps until the page is live.
 */
export async function pausedClock(page: Page) {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  pausedPages.add(page);
}

/** Waits until the page is live: React has hydrated (a public page's code starts by itself, ADR 017). */
export async function reachForPage(page: Page) {
  if (pausedPages.has(page)) {
    // The load event is the page's own; the frame and the timer after it wait for the clock.
    await page.waitForLoadState('load');
    const starting = () =>
      page.evaluate(
        () =>
          (window as { __codeStarting?: boolean }).__codeStarting === true ||
          document.documentElement.dataset.hydrated === 'true',
      );
    for (let step = 0; step < 100 && !(await starting()); step++) await page.clock.runFor(16);
  }
  await waitForHydration(page);
}

/** Resolves once the root component has hydrated (it sets data-hydrated on <html>). */
export async function waitForHydration(page: Page) {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}

/** Axe finds no WCAG 2.x A/AA violation on the page as it is now. */
export async function expectAccessible(page: Page, label = page.url()) {
  // Axe on the home page takes about 2 s on an idle 2-core machine, and several times that beside
  // a second browser on a busy one: a test that runs it gets three times the usual time.
  test.slow();
  // Colours are judged as they settle: a card still fading in (a 700 ms reveal, slower on a busy
  // machine) reads as low contrast. Endless animations (a blinking caret) are not waited for.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
      ),
  );
  const results = await new AxeBuilder({ page })
    // Every rule of these tags, whatever its impact: best practices (unique landmarks, headings in
    // order, content inside landmarks) included (issue 46).
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    // axe.run in the page itself, same-origin frames included. The default opens a blank page for
    // each check to gather the frames' results in, which took as long again as the check (home:
    // 3.6-4.7 s against 1.7-2.0 s, the same findings); it would reach cross-origin frames too, and
    // the only ones here are a project's demo, another site.
    .setLegacyMode()
    .analyze();
  const violations = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(violations, `axe violations on ${label}`).toEqual([]);
}

interface SeenToast {
  text: string;
  checked: boolean;
}

/**
 * A toast as the visitor sees it: an item of the 'Notifications' region. While a modal dialog is
 * open, Radix hides the rest of the page from assistive technology, the toasts among them (their
 * one-second 'status' copy is what a screen reader announces), hence `includeHidden`.
 */
export const toastItem = (page: Page, title: string) =>
  page
    .getByRole('region', { name: /^Notifications/, includeHidden: true })
    .getByRole('listitem', { includeHidden: true })
    .filter({ hasText: title });

/**
 * Runs in the page before its own scripts: notes the text of every toast and every other status
 * region while it is on screen. A toast leaves after five seconds, and on a busy machine a check
 * may start later than that although the visitor saw it; `expectToast` reads this note instead.
 */
export function recordToasts() {
  // Once per document: Chromium's PDF viewer runs a context's init scripts a second time.
  if ('__toastsSeen' in window) return;
  const seen: SeenToast[] = [];
  const byElement = new WeakMap<Element, SeenToast>();
  Object.defineProperty(window, '__toastsSeen', { value: seen });
  const note = () => {
    // A toast is an item of the 'Notifications' region (Radix renders no status role on it).
    const shown = document.querySelectorAll(
      '[role="status"], [role="region"][aria-label^="Notifications"] li',
    );
    for (const element of shown) {
      const text = ((element as HTMLElement).innerText ?? '').replace(/\s+/g, ' ').trim();
      const box = element.getBoundingClientRect();
      // Radix also copies a toast's text into a 1-pixel status region for screen readers for a
      // second: not a second toast.
      if (!text || box.width <= 1 || box.height <= 1 || !element.checkVisibility()) continue;
      const entry = byElement.get(element);
      if (entry) entry.text = text;
      else {
        const fresh = { text, checked: false };
        byElement.set(element, fresh);
        seen.push(fresh);
      }
    }
  };
  new MutationObserver(note).observe(document, { childList: true, subtree: true, characterData: true });
}

/**
 * A toast titled `title` (and saying `text`, when given) appeared on the page since the last
 * check of one like it: each toast satisfies one check, so the same message twice needs two.
 */
export async function expectToast(page: Page, title: string, text?: string) {
  await expect
    .poll(
      () =>
        page
          .evaluate(
            ([wantedTitle, wantedText]) => {
              const seen = (window as unknown as { __toastsSeen?: SeenToast[] }).__toastsSeen;
              if (!seen) return 'no toasts noted: add recordToasts to the context of this page';
              const match = seen.find(
                (entry) =>
                  !entry.checked &&
                  entry.text.includes(wantedTitle as string) &&
                  (wantedText === null || entry.text.includes(wantedText as string)),
              );
              if (match) match.checked = true;
              // What was seen instead, for the failure's message.
              return match ? match.text : seen.map((entry) => entry.text);
            },
            [title, text ?? null],
          )
          // A navigation in progress: ask again.
          .catch(() => []),
      { message: `a toast "${title}"${text ? ` saying "${text}"` : ''}` },
    )
    .toEqual(expect.stringContaining(title));
}

/**
 * A browser context of a second visitor (or the owner) beside the test's page, with a client
 * address of its own, as every test's page has: a context made bare comes from 127.0.0.1, an
 * address every such context of the run shares, and the per-address limits (five public forms in
 * ten minutes, 30 sign-ins in 15) counted the others' sends against it (a booking test's second
 * visitor was refused with 'Too many requests' in CI).
 */
export function visitorContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const address = `10.${200 + Math.floor(Math.random() * 50)}.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;
  return browser.newContext({
    ...options,
    extraHTTPHeaders: { ...options.extraHTTPHeaders, 'x-forwarded-for': address },
  });
}

/** A request context signed in as the admin (the owner's API), beside the test's own browser context. */
export async function adminApi(browser: Browser, baseURL: string): Promise<APIRequestContext> {
  const context = await visitorContext(browser, { baseURL });
  const login = await context.request.post('/api/login', { data: E2E_ADMIN });
  expect(login.status()).toBe(200);
  return context.request;
}

/** A post written through the owner's API (the editor's fields), checked to be created; the post as stored. */
export async function writePost(admin: APIRequestContext, post: Record<string, unknown>): Promise<AdminPost> {
  const created = await admin.post('/api/blog', { data: post });
  expect(created.status(), await created.text()).toBe(201);
  return created.json();
}

/** Uses up this visitor's forms for the next ten minutes (the site takes five from one address): the next send is refused with a 429 at once. */
export async function useUpFormLimit(page: Page) {
  for (let i = 0; i < 5; i++) {
    await page.request.post('/api/contact', {
      data: {
        name: 'Dana',
        email: 'not-an-email',
        projectType: 'website',
        budget: 'flexible',
        timeframe: 'asap',
        message: 'short',
      },
    });
  }
}

/** Fills and sends the home page's 'Get a Custom Quote' form as Dana's bakery would, under `name` and `email`. */
export async function sendQuote(
  page: Page,
  { name, email }: { name: string; email: string },
  /** What to check on the page before the form is filled. */
  before?: () => Promise<void>,
): Promise<Locator> {
  await page.goto('/#contact');
  await before?.();
  const form = page.getByRole('form', { name: 'Get a Custom Quote' });
  await fillQuote(form, { name, email });
  await form.getByLabel('Phone (optional)').fill('404-555-0199');
  await form.getByLabel('Company (optional)').fill('Smith Bakery');
  await form.getByLabel('Send me occasional updates and articles').check();
  await form.getByRole('button', { name: 'Send Request' }).click();
  return form;
}

/** Fills the quote form's required fields as a bakery owner would (sendQuote adds the optional ones). */
export async function fillQuote(form: Locator, { name, email }: { name: string; email: string }) {
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Project type').selectOption('ecommerce');
  await form.getByLabel('Budget').selectOption('5-10k');
  await form.getByLabel('Timeframe').selectOption('3months');
  await form.getByLabel('Project details').fill('An online shop for our cakes, with pickup times.');
}

/** Fills the guest post form as Casey would, under `title`; the verification only when it is given. */
export async function fillGuestPost(form: Locator, title: string, verification?: string) {
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Summary').fill('What a slow phone taught me about forms that must always work.');
  await form
    .getByLabel('Content')
    .fill('A form that needs its script is a form that fails someone. '.repeat(5));
  await form.getByLabel('Tags').fill('Forms, Accessibility');
  await form.getByLabel('Your name').fill('Casey Guest');
  await form.getByLabel('Your email').fill('casey.guest@example.com');
  if (verification !== undefined) await form.getByLabel('Verification').fill(verification);
}

/** The entries of an owner's list (an `/api/admin/...` path answering a list or `{ items }`) whose `field` is `value`. */
export async function ownerEntries(
  admin: APIRequestContext,
  path: string,
  field: string,
  value: unknown,
): Promise<Record<string, unknown>[]> {
  const response = await admin.get(path);
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as Record<string, unknown>[] | { items: Record<string, unknown>[] };
  return (Array.isArray(body) ? body : body.items).filter((item) => item[field] === value);
}

/** Every address the page went to (its document requests), so a test can check none carries a typed value. */
function watchAddresses(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest()) seen.push(request.url());
  });
  return seen;
}

/** None of `values` appears in any of the addresses (raw or form-encoded). */
export function expectNoneIn(addresses: string[], values: string[]) {
  for (const address of addresses) {
    const decoded = decodeURIComponent(address.replaceAll('+', ' '));
    for (const value of values) expect(decoded, `${value} in ${address}`).not.toContain(value);
  }
}

/**
 * Waits out the bot check's 3 seconds from when the page with the form was shown (`since`): it
 * refuses a post sooner than a person could write it, so a wall-clock wait is the point here.
 */
export async function pastTheMinimum(page: Page, since: number) {
  const left = since + 3_300 - Date.now();
  if (left > 0) await page.waitForTimeout(left);
}

/** A one-pixel PNG, for an upload. */
export const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
