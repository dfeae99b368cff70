/**
 * The test browser itself (e2e/browser-ui-off.ts): it draws none of Chromium's own browser UI, and
 * Playwright's own disabled features still hold beside the ones added.
 */
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
  expect(targetInfos.filter((target) => target.type === 'browser_ui').map((target) => target.url)).toEqual(
    [],
  );
  // Playwright's list, read from the browser, came along: more than the four added.
  expect(process.env.E2E_DISABLED_FEATURES?.split(',').length).toBeGreaterThan(4);
  await session.detach();
});
