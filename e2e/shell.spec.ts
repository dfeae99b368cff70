/** The shell every page shares: header, footer, theme, view mode, toasts, sign-in and sign-out. */
import {
  expect,
  expectAccessible,
  expectToast,
  openAccountMenu,
  test,
  toastItem,
  waitForHydration,
} from './fixtures.ts';
import { expectLandedAt } from './immersive-kit.ts';

test.describe('theme', () => {
  test('a dark-mode visitor gets the dark theme before the body is painted, with no light flash', async ({
    browser,
  }) => {
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    // Record the theme at the moment the parser creates <body>, before anything paints.
    await page.addInitScript(() => {
      new MutationObserver((_records, observer) => {
        if (document.body) {
          (window as unknown as { darkAtBody: boolean }).darkAtBody =
            document.documentElement.classList.contains('dark');
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/');
    expect(await page.evaluate(() => (window as unknown as { darkAtBody: boolean }).darkAtBody)).toBe(true);
    await expect(page.locator('html')).toHaveClass(/dark/);
    await context.close();
  });

  test('the toggle switches theme, and the choice outlives a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/blog');
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('portfolio-theme'))).toBe('dark');
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('portfolio-theme'))).toBe('light');
  });
});

test('the header shows section anchors on home and page links elsewhere', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main', exact: true });
  for (const [name, href] of [
    ['Home', '#home'],
    ['Projects', '#projects'],
    ['About', '#about'],
    ['Skills', '#skills'],
    ['Blog', '#blog'],
    ['Contact', '#contact'],
  ] as const) {
    await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await nav.getByRole('link', { name: 'About', exact: true }).click();
  await expect(page).toHaveURL(/#about$/);
  await expect(page.getByRole('heading', { name: 'About Me' })).toBeInViewport();

  await page.goto('/blog');
  const pageNav = page.getByRole('navigation', { name: 'Main', exact: true });
  for (const [name, href] of [
    ['Home', '/'],
    ['Blog', '/blog'],
    ['Resume', '/resume'],
    ['AI Images', '/generate-images'],
  ] as const) {
    await expect(pageNav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await pageNav.getByRole('link', { name: 'Resume', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Request My Resume' })).toBeVisible();
});

test('a section anchor lands on its section below the header, over parts not laid out yet', async ({
  page,
}) => {
  // Pressed in the header: the parts in between stood at an estimated height until then.
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main', exact: true });
  await nav.getByRole('link', { name: 'Contact', exact: true }).click();
  await expect(page).toHaveURL(/#contact$/);
  await expectLandedAt(page, 'contact');
  await nav.getByRole('link', { name: 'Skills', exact: true }).click();
  await expectLandedAt(page, 'skills');
  // Opened at the anchor.
  await page.goto('/#blog');
  await expectLandedAt(page, 'blog');
});

test('the footer links socials in a new tab, the legal pages and the year', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  for (const platform of ['GitHub', 'LinkedIn', 'Threads', 'Website', 'Email']) {
    await expect(footer.getByRole('link', { name: `${platform} (opens in a new tab)` })).toHaveAttribute(
      'target',
      '_blank',
    );
  }
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  await footer.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
});

test('on a phone the links sit in a menu that opens, and closes when one is followed', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/blog');
  await expect(page.getByRole('navigation', { name: 'Main', exact: true })).toBeHidden();
  const toggle = page.getByRole('button', { name: 'Open menu' });
  // Its expanded state is the browser's own (popovertarget), not an aria-expanded beside it.
  await expect(toggle).not.toHaveAttribute('aria-expanded', /./);
  await toggle.click();
  const menu = page.getByRole('navigation', { name: 'Main (mobile)' });
  await expect(menu).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-controls', /.+/);
  await expectAccessible(page, 'mobile menu open');
  await menu.getByRole('link', { name: 'Resume' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Request My Resume' })).toBeVisible();
  await expect(menu).toBeHidden();
});

test('register, log out, log in, and the account menu with its toasts', async ({ page, allowConsole }) => {
  allowConsole(/status of 401 \(Unauthorized\)/);
  const username = `reader${Date.now().toString(36)}`;
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  const register = page.getByRole('tabpanel', { name: 'Register' });

  // The spec's validation messages, on submit.
  await register.getByRole('button', { name: 'Create Account' }).click();
  await expect(register.getByText('Username must be at least 3 characters')).toBeVisible();
  await expect(register.getByText('Please enter a valid email')).toBeVisible();
  await expect(register.getByText('Password must be at least 6 characters')).toBeVisible();
  await register.getByLabel('Username').fill(username);
  await register.getByLabel('Email').fill(`${username}@example.com`);
  await register.getByLabel('Password', { exact: true }).fill('secret-pass');
  await register.getByLabel('Confirm Password').fill('other-pass');
  await register.getByRole('button', { name: 'Create Account' }).click();
  await expect(register.getByText('Passwords do not match')).toBeVisible();
  await register.getByLabel('Confirm Password').fill('secret-pass');
  // The form checks a fixed field again as it changes: the message goes and the button moves up.
  // Pressed while it moves, the press began on the button and ended beside it, and nothing was sent.
  await expect(register.getByText('Passwords do not match')).toBeHidden();
  await register.getByRole('button', { name: 'Create Account' }).click();

  await expectToast(page, 'Registration successful');
  await expect(page).toHaveURL(/\/\?done=register$/);
  await openAccountMenu(page, username);
  await expect(page.getByRole('menu')).toContainText(`@${username}`);
  await expect(page.getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expectToast(page, 'You have been successfully logged out');
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();

  await page.getByRole('link', { name: 'Login' }).click();
  const login = page.getByRole('tabpanel', { name: 'Login' });
  await login.getByLabel('Username').fill(username);
  await login.getByLabel('Password').fill('wrong-password');
  await login.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expectToast(page, 'Login failed');
  await login.getByLabel('Password').fill('secret-pass');
  await login.getByRole('button', { name: 'Sign In', exact: true }).click();
  // One toast at a time: the success replaces the failure.
  await expectToast(page, `Welcome back, ${username}!`);
  await expect(toastItem(page, 'Login failed')).toHaveCount(0);
  await expect(page).toHaveURL(/\/\?done=login$/);
  await expect(page.getByRole('button', { name: `Account menu for @${username}` })).toBeVisible();
});

test('the header’s Login comes back to the page the visitor was reading', async ({
  page,
  userCredentials,
}) => {
  await page.goto('/blog');
  await page.getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL('/auth?back=%2Fblog');
  const login = page.getByRole('tabpanel', { name: 'Login' });
  await login.getByLabel('Username').fill(userCredentials.username);
  await login.getByLabel('Password').fill(userCredentials.password);
  await login.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expectToast(page, `Welcome back, ${userCredentials.username}!`);
  await expect(page).toHaveURL('/blog?done=login');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
});

test('a field fixed while its refused post was on its way is judged as it is now, not by the late answer', async ({
  page,
}) => {
  await page.goto('/auth?tab=register');
  await waitForHydration(page);
  const register = page.getByRole('tabpanel', { name: 'Register' });
  // A first refusal: from now on the form checks its fields again as they change.
  await register.getByRole('button', { name: 'Create Account' }).click();
  await expect(register.getByText('Username must be at least 3 characters')).toBeVisible();
  await register.getByLabel('Username').fill(`late${Date.now().toString(36)}`);
  await register.getByLabel('Email').fill('late@example.com');
  await register.getByLabel('Password', { exact: true }).fill('secret-pass');
  await register.getByLabel('Confirm Password').fill('other-pass');
  await expect(register.getByText('Passwords do not match')).toBeVisible();

  // The second post is held on its way; the visitor fixes the field meanwhile.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    void page.route(/\/auth\.data/, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      release = () => void route.continue();
      resolve();
    });
  });
  await register.getByRole('button', { name: 'Create Account' }).click();
  await held;
  await expect(register.getByRole('button', { name: 'Creating account...' })).toBeVisible();
  await register.getByLabel('Confirm Password').fill('secret-pass');
  await expect(register.getByText('Passwords do not match')).toBeHidden();
  // The answer about what was sent puts its message up when it comes (noted as it happens, since
  // it may stand for one frame only); then the field is judged as it is now.
  await page.evaluate(() => {
    const seen = window as unknown as { answerShown?: boolean };
    new MutationObserver((_records, observer) => {
      if (document.body.innerText.includes('Passwords do not match')) {
        seen.answerShown = true;
        observer.disconnect();
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  release();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { answerShown?: boolean }).answerShown))
    .toBe(true);
  await expect(register.getByText('Passwords do not match')).toBeHidden();
  await expect(register.getByRole('button', { name: 'Create Account' })).toBeEnabled();
});

test('only an admin gets the Admin Dashboard link, which leads to /admin/blog', async ({
  page,
  signInAs,
}) => {
  await signInAs('admin');
  await page.goto('/');
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Admin Dashboard' }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
});

test('on a phone, signed in, the owner’s name beside the mark reads whole and the account menu opens from its icon', async ({
  page,
  signInAs,
}) => {
  await signInAs('admin');
  for (const width of [390, 360, 320]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/blog');
    const name = page.getByRole('banner').getByRole('link').first().locator('span');
    await expect(name).toHaveText(/\S/);
    // Cut short, its text would be wider than the room it is drawn in (an ellipsis).
    expect(
      await name.evaluate((span) => span.scrollWidth - span.clientWidth),
      `${width} px`,
    ).toBeLessThanOrEqual(0);
  }
  await openAccountMenu(page, 'e2e-owner');
  await expect(page.getByRole('menu').getByText('@e2e-owner')).toBeVisible();
});

test('a plain user sees no Admin Dashboard link and is refused at /admin/blog', async ({
  page,
  signInAs,
}) => {
  const { username } = await signInAs('user');
  await page.goto('/');
  await openAccountMenu(page, username);
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/admin/blog');
  await expect(page.getByRole('alert')).toContainText('You are not authorised to view this page.');
});

test('a visitor is sent from /admin/blog to /auth, and a signed-in user from /auth to / (or the page it names; never another site: web/routes/form-actions.test.ts)', async ({
  page,
  signInAs,
}) => {
  await page.goto('/admin/blog');
  await expect(page).toHaveURL('/auth?back=%2Fadmin%2Fblog');
  await signInAs('user');
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/auth?back=%2Fblog');
  await expect(page).toHaveURL('/blog');
});

test('a GitHub sign-in that is not set up is not offered, and an old link to it says so clearly', async ({
  page,
}) => {
  await page.goto('/auth');
  await expect(
    page.getByRole('tabpanel', { name: 'Login' }).getByRole('button', { name: 'Sign In', exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue with GitHub' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Register' }).first().click();
  await expect(page.getByRole('tabpanel', { name: 'Register' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue with GitHub' })).toHaveCount(0);
  await page.goto('/api/auth/github');
  await expect(page).toHaveURL(/\/auth\?error=github_unconfigured$/);
  await expect(page.getByRole('alert')).toContainText('Sign-in with GitHub is not set up on this site yet.');
});

test('page views are reported to the first-party analytics endpoint without cookies', async ({ page }) => {
  const reported = page.waitForRequest('**/api/analytics/pageview');
  await page.goto('/blog');
  const request = await reported;
  expect(request.postDataJSON()).toMatchObject({ path: '/blog' });
  const answer = await request.response();
  expect(answer?.status()).toBe(204);
  // Counting sets no cookie.
  expect(await answer?.headerValue('set-cookie')).toBeNull();
  // A client-side navigation is a page view too.
  const next = page.waitForRequest(
    (r) => r.url().endsWith('/api/analytics/pageview') && r.postDataJSON().path === '/resume',
  );
  await page
    .getByRole('navigation', { name: 'Main', exact: true })
    .getByRole('link', { name: 'Resume' })
    .click();
  await next;
  // The one cookie is the visit's own (the privacy page's terms): first-party, gone with the
  // browser's session (no expiry), unreadable by scripts.
  expect(await page.context().cookies()).toEqual([
    expect.objectContaining({ name: 'visit', domain: 'localhost', expires: -1, httpOnly: true }),
  ]);
});

test('an unknown page shows the not-found page', async ({ page, allowConsole }) => {
  allowConsole(/status of 404 \(Not Found\)/);
  const response = await page.goto('/nowhere');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
});

test('while signing in or registering, the button is disabled and says so', async ({
  page,
  allowConsole,
}) => {
  // The refused sign-in's answer is a 400 the browser logs.
  allowConsole(/status of 400 \(Bad Request\)/);
  // Hold each post to the page's action back so the pending state can be seen. The button says so
  // as the post starts, which may be before the request reaches this handler: a post is let go
  // once it is here (letting go before that let nothing go, and the post waited forever).
  const held: Array<() => void> = [];
  await page.route(/\/auth\.data/, async (route) => {
    if (route.request().method() === 'POST') {
      await new Promise<void>((resolve) => {
        held.push(resolve);
      });
    }
    await route.continue();
  });
  const release = async () => {
    await expect.poll(() => held.length).toBe(1);
    held.shift()?.();
  };
  await page.goto('/auth');
  const login = page.getByRole('tabpanel', { name: 'Login' });
  await login.getByLabel('Username').fill('someone');
  await login.getByLabel('Password').fill('secret-pass');
  await login.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(login.getByRole('button', { name: 'Please wait' })).toBeDisabled();
  await release();
  await expectToast(page, 'Login failed', 'Invalid username or password');
  await expect(login.getByRole('button', { name: 'Sign In', exact: true })).toBeEnabled();

  await page.getByRole('tab', { name: 'Register' }).click();
  const register = page.getByRole('tabpanel', { name: 'Register' });
  const username = `held${Date.now().toString(36)}`;
  await register.getByLabel('Username').fill(username);
  await register.getByLabel('Email').fill(`${username}@example.com`);
  await register.getByLabel('Password', { exact: true }).fill('secret-pass');
  await register.getByLabel('Confirm Password').fill('secret-pass');
  await register.getByRole('button', { name: 'Create Account' }).click();
  await expect(register.getByRole('button', { name: 'Creating account...' })).toBeDisabled();
  await release();
  await expectToast(page, 'Registration successful');
  await expect(page.getByRole('button', { name: `Account menu for @${username}` })).toBeVisible();
});
