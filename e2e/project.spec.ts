/** Project pages: details, case study, each demo type, the tabs and fullscreen. */
import { expect, expectAccessible, test, waitForHydration } from './fixtures.ts';

// The demos are other sites: each frame gets a stand-in page for them.
test.use({ standIns: true });

test('an iframe demo loads in a sandboxed frame with overlay, refresh, fullscreen and new tab', async ({
  page,
}) => {
  await page.goto('/projects/keycode-help');
  await expect(page.getByRole('heading', { level: 1, name: 'Keycode Help' })).toBeVisible();
  // Links out through their counted redirects (issue 48).
  await expect(page.getByRole('link', { name: 'View on GitHub' })).toHaveAttribute(
    'href',
    '/go/code/keycode-help',
  );
  await expect(page.getByRole('link', { name: 'Live Website' })).toHaveAttribute(
    'href',
    '/go/demo/keycode-help',
  );
  const panel = page.getByRole('tabpanel', { name: 'Live Demo' });
  await expect(page.getByRole('tab', { name: 'Live Demo' })).toHaveAttribute('aria-selected', 'true');
  // The frame loads lazily, when it comes into view.
  await panel.scrollIntoViewIfNeeded();
  const frame = panel.locator('iframe[title="Keycode Help live demo"]');
  await expect(frame).toHaveAttribute('sandbox', /allow-scripts/);
  await expect(frame).toHaveAttribute('src', 'https://keycodehelp.com');
  // demoConfig.height 650 for this project.
  expect((await frame.locator('..').boundingBox())?.height).toBe(650);
  await expect(panel.getByText('Loading demo...')).toBeHidden();
  await expect(
    page.frameLocator('iframe[title="Keycode Help live demo"]').getByText('Stand-in for'),
  ).toBeVisible();

  await panel.getByRole('button', { name: 'Refresh demo' }).click();
  await expect(panel.getByRole('status'))
    .toHaveText('Loading demo...')
    .catch(() => {});
  await expect(panel.getByText('Loading demo...')).toBeHidden();

  await panel.getByRole('button', { name: 'Fullscreen' }).click();
  await expect(panel.getByRole('button', { name: 'Exit fullscreen' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(await page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
  // Leaving fullscreen the browser's way (Escape) is followed too.
  await page.evaluate(() => document.exitFullscreen());
  await expect(panel.getByRole('button', { name: 'Fullscreen' })).toHaveAttribute('aria-pressed', 'false');
  await expect(panel.getByRole('link', { name: 'Open demo in a new tab' })).toHaveAttribute(
    'target',
    '_blank',
  );
});

test('a demo that does not load in 8 s gives way to a fallback that opens it in a new tab or tries again', async ({
  page,
}) => {
  // The demo's site never answers.
  let hanging = true;
  await page.route('https://keycodehelp.com/**', async (route) => {
    if (hanging) return; // left pending: the frame keeps loading
    await route.fallback();
  });
  await page.clock.install();
  await page.goto('/projects/keycode-help');
  const panel = page.getByRole('tabpanel', { name: 'Live Demo' });
  await panel.scrollIntoViewIfNeeded();
  await expect(panel.getByRole('status')).toHaveText('Loading demo...');
  await page.clock.fastForward(7_000);
  await expect(panel.getByRole('status')).toHaveText('Loading demo...');
  await page.clock.fastForward(1_100);
  const fallback = panel.getByRole('alert');
  await expect(fallback.getByRole('heading', { name: 'The demo is taking too long to load' })).toBeVisible();
  await expect(panel.getByRole('status')).toHaveCount(0);
  const open = fallback.getByRole('link', { name: 'Open in new tab' });
  await expect(open).toHaveAttribute('href', 'https://keycodehelp.com');
  await expect(open).toHaveAttribute('target', '_blank');
  await expectAccessible(page, 'project page with the demo fallback');
  // The site is back: 'Try again' loads it in the frame.
  hanging = false;
  await fallback.getByRole('button', { name: 'Try again' }).click();
  await expect(
    page.frameLocator('iframe[title="Keycode Help live demo"]').getByText('Stand-in for'),
  ).toBeVisible();
  await expect(panel.getByRole('alert')).toHaveCount(0);
  await expect(panel.getByText('Loading demo...')).toBeHidden();
});

test('a demo whose site cannot be reached says so at once, instead of the browser’s error page', async ({
  page,
  allowConsole,
}) => {
  // The browser reports the refused connection itself; the page does not.
  allowConsole(/ERR_CONNECTION_REFUSED/);
  let down = true;
  await page.route('https://keycodehelp.com/**', async (route) => {
    if (down) return route.abort('connectionrefused');
    await route.fallback();
  });
  await page.goto('/projects/keycode-help');
  const panel = page.getByRole('tabpanel', { name: 'Live Demo' });
  await panel.scrollIntoViewIfNeeded();
  const fallback = panel.getByRole('alert');
  await expect(fallback.getByRole('heading', { name: 'The demo cannot be reached right now' })).toBeVisible();
  await expect(panel.getByRole('status')).toHaveCount(0);
  await expect(fallback.getByRole('link', { name: 'Open in new tab' })).toHaveAttribute(
    'href',
    'https://keycodehelp.com',
  );
  await expectAccessible(page, 'project page with an unreachable demo');
  // The site is back: 'Try again' shows it.
  down = false;
  await fallback.getByRole('button', { name: 'Try again' }).click();
  await expect(
    page.frameLocator('iframe[title="Keycode Help live demo"]').getByText('Stand-in for'),
  ).toBeVisible();
  await expect(panel.getByRole('alert')).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a demo two screens down is not contacted until the visitor scrolls near it', async ({ page }) => {
    const contacted: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).hostname === 'keycodehelp.com') contacted.push(request.url());
    });
    await page.goto('/projects/keycode-help');
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    const panel = page.getByRole('tabpanel', { name: 'Live Demo' });
    expect((await panel.boundingBox())?.y).toBeGreaterThan(2 * 844);
    await expect(panel.locator('iframe')).toHaveCount(0);
    expect(contacted).toEqual([]);
    await panel.scrollIntoViewIfNeeded();
    await expect(
      page.frameLocator('iframe[title="Keycode Help live demo"]').getByText('Stand-in for'),
    ).toBeVisible();
    expect(contacted.length).toBeGreaterThan(0);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the demo opens in a tab of its own, never a “Loading demo...” that nothing ends', async ({
    page,
  }) => {
    await page.goto('/projects/keycode-help');
    const panel = page.getByRole('tabpanel', { name: 'Live Demo' });
    await panel.scrollIntoViewIfNeeded();
    await expect(panel.getByRole('heading', { name: 'Try the live demo' })).toBeVisible();
    const open = panel.getByRole('link', { name: 'Open in new tab' });
    await expect(open).toHaveAttribute('href', 'https://keycodehelp.com');
    await expect(open).toHaveAttribute('target', '_blank');
    await expect(panel.getByText('Loading demo...')).toBeHidden();
    // Refresh and fullscreen need the page's code: not offered without it.
    await expect(panel.getByRole('button', { name: 'Refresh demo' })).toBeHidden();
    await expect(panel.getByRole('button', { name: 'Fullscreen' })).toBeHidden();
  });
});

test('a GitHub demo shows preview, launch and source, the branch, overview and repository links', async ({
  page,
}) => {
  await page.goto('/projects/gatherly');
  const panel = page.getByRole('tabpanel', { name: 'Live Demo' });
  // Its frame is made as it comes near the screen.
  await panel.scrollIntoViewIfNeeded();
  const preview = panel.locator('iframe[title="Gatherly live demo"]');
  expect((await preview.locator('..').boundingBox())?.height).toBe(400);
  // Through their counted redirects (issue 48).
  await expect(panel.getByRole('link', { name: 'Launch App' })).toHaveAttribute('href', '/go/demo/gatherly');
  await expect(panel.getByRole('link', { name: 'View Source' })).toHaveAttribute('href', '/go/code/gatherly');
  await expect(panel.getByText('Branch: develop')).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Overview' })).toBeVisible();
  const links = panel.getByRole('list', { name: 'Repository links' });
  for (const [name, suffix] of [
    ['Issues', '/issues'],
    ['Pull requests', '/pulls'],
    ['Stargazers', '/stargazers'],
    ['Forks', '/forks'],
    ['Download develop (zip)', '/archive/refs/heads/develop.zip'],
  ] as const) {
    await expect(links.getByRole('link', { name })).toHaveAttribute(
      'href',
      `https://github.com/jordanellis-dev/gatherly${suffix}`,
    );
  }
  await page.goto('/projects/portfolio-website');
  await expect(page.getByRole('tabpanel', { name: 'Live Demo' }).getByText('Branch: main')).toBeVisible();
});

test('a video demo plays a real, self-hosted clip at 16:9; a custom demo shows the live site', async ({
  page,
  request,
}) => {
  await page.goto('/projects/inventory-management');
  const video = page
    .getByRole('tabpanel', { name: 'Live Demo' })
    .locator('video[aria-label="Inventory Management System demo video"]');
  await video.scrollIntoViewIfNeeded();
  const box = await video.boundingBox();
  expect(box && Math.round((box.width / box.height) * 9)).toBe(16);
  // The browser reads it as a video of a few seconds, 16:9, and it plays.
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState))
    .toBeGreaterThan(0);
  const clip = await video.evaluate((element: HTMLVideoElement) => ({
    duration: element.duration,
    width: element.videoWidth,
    height: element.videoHeight,
  }));
  expect(clip.duration).toBeGreaterThan(3);
  expect(clip.width / clip.height).toBeCloseTo(16 / 9, 2);
  await video.evaluate((element: HTMLVideoElement) => element.play());
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime))
    .toBeGreaterThan(0.2);
  const source = await video.locator('source').getAttribute('src');
  const file = await request.get(source ?? '');
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('video/webm');
  await page.goto('/projects/stackzen');
  await page.getByRole('tabpanel', { name: 'Live Demo' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('tabpanel', { name: 'Live Demo' }).locator('iframe')).toHaveAttribute(
    'src',
    'https://stackzen.app',
  );
});

test('a project without a demo says so; the Code and Technologies tabs have their fallbacks', async ({
  page,
}) => {
  await page.goto('/projects/web-development-services');
  await expect(page.getByRole('tabpanel', { name: 'Live Demo' })).toContainText('No Live Demo Available');
  await page.getByRole('tab', { name: 'Code' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Code' })).toContainText(
    'The source code for this project is not publicly available.',
  );
  await page.getByRole('tab', { name: 'Technologies' }).click();
  await expect(
    page.getByRole('tabpanel', { name: 'Technologies' }).getByRole('listitem').first(),
  ).toBeVisible();
  await expect(page.getByRole('complementary')).toContainText('Service');
  await expectAccessible(page, 'project without demo');
});

test('the Code tab links the repository and its download; the case study is shown', async ({ page }) => {
  await page.goto('/projects/keycode-help');
  await page.getByRole('tab', { name: 'Code' }).click();
  const code = page.getByRole('tabpanel', { name: 'Code' });
  await expect(code.getByRole('link', { name: 'Browse the repository' })).toHaveAttribute(
    'href',
    '/go/code/keycode-help',
  );
  // The redirect leads to the repository itself.
  const out = await page.request.get('/go/code/keycode-help', { maxRedirects: 0 });
  expect(out.headers().location).toBe('https://github.com/jordanellis-dev/keycode-help');
  await expect(code.getByRole('link', { name: 'Download source (zip)' })).toHaveAttribute('href', /\.zip$/);
  const synopsis = page.getByRole('region', { name: 'Project Synopsis' });
  for (const heading of ['Case Study', 'Problem', 'Role', 'Stack', 'Features', 'Current status']) {
    await expect(synopsis.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('complementary')).toContainText('Business');
  await expect(page.getByRole('complementary')).toContainText('Technology Stack');
  await expectAccessible(page, 'project page');
});

test('the tabs answer the keyboard: one Tab stop, arrows, Home and End select and focus a tab', async ({
  page,
}) => {
  await page.goto('/projects/keycode-help');
  const tab = (name: string) => page.getByRole('tab', { name });
  await tab('Live Demo').focus();
  await expect(tab('Code')).toHaveAttribute('tabindex', '-1');
  await page.keyboard.press('ArrowRight');
  await expect(tab('Code')).toBeFocused();
  await expect(tab('Code')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Code' })).toBeVisible();
  await expect(page.getByRole('tabpanel', { name: 'Live Demo' })).toBeHidden();
  await page.keyboard.press('End');
  await expect(tab('Technologies')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(tab('Live Demo')).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(tab('Technologies')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Home');
  await expect(tab('Live Demo')).toHaveAttribute('aria-selected', 'true');
  // The one Tab stop of the list is the selected tab; the next Tab goes into its panel.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('tabpanel', { name: 'Live Demo' })).toBeFocused();
});

test("an unknown project answers 404 with 'Project Not Found' and a link back", async ({
  page,
  allowConsole,
}) => {
  allowConsole(/status of 404 \(Not Found\)/);
  const response = await page.goto('/projects/no-such-thing');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('alert')).toContainText("The project you're looking for doesn't exist.");
  await expect(page.getByRole('link', { name: 'Back to Projects' })).toHaveAttribute('href', '/#projects');
});
