/**
 * The test browser itself: it draws none of Chromium's own browser UI (e2e/browser-ui-off.ts), and
 * Playwright's own disabled features still hold beside the ones added; it looks up no outside name
 * (playwright.config.ts).
 */
import { hostname } from 'node:os';
import { browserUiTargets } from './browser-ui-off.ts';
import { E2E_PORT } from './constants.ts';
import { expect, test } from './fixtures.ts';

test('the test browser opens no page of its own beside the test’s, and keeps Playwright’s switches', async ({
  browser,
  page,
}) => {
  await page.goto('/blog');
  const session = await browser.newBrowserCDPSession();
  const { targetInfos } = (await session.send('Target.getTargets')) as {
    targetInfos: Array<{ type: string; url: string }>;
  };
  expect(browserUiTargets(targetInfos)).toEqual([]);
  // Playwright's list, read from the browser, came along: more than the four added.
  expect(process.env.E2E_DISABLED_FEATURES?.split(',').length).toBeGreaterThan(4);
  await session.detach();
});

test('no name but localhost’s is looked up, in the test’s own page or in a context of its own', async ({
  browser,
  page,
}) => {
  await expect(page.goto('https://keycodehelp.com/')).rejects.toThrow(/ERR_NAME_NOT_RESOLVED/);
  // The machine's own name reaches this very site through /etc/hosts, yet is not looked up either.
  const context = await browser.newContext();
  const other = await context.newPage();
  await expect(other.goto(`http://${hostname()}:${E2E_PORT}/blog`)).rejects.toThrow(/ERR_NAME_NOT_RESOLVED/);
  await context.close();
  expect((await page.goto('/blog'))?.status()).toBe(200);
});
