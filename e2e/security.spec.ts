/**
 * Sign-in & security (issue 22, point 1), in Chromium with a virtual authenticator: the owner
 * adds a passkey and signs in with it alone; turns on an authenticator app, signs in on another
 * browser with password and code, ends that browser's session from the first, and turns the app
 * off with a recovery code; without JavaScript, the same, ends one device, then all the others, and
 * removes the passkey.
 * The site here is a server of its own (its own data directory and
 * admin), so the shared admin of the other specs never meets a code prompt.
 */

import type { ChildProcess } from 'node:child_process';
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, expectAccessible, expectToast, test } from './fixtures.ts';
import { startOwnServer } from './own-server.ts';

/** The authenticator app's set-up key as the page shows it, without its spaces. */
async function setupKey(page: Page): Promise<string> {
  return (
    await page
      .getByText(/^Setup key:/)
      .locator('code')
      .innerText()
  ).replaceAll(' ', '');
}

const PORT = Number(process.env.E2E_SECURITY_PORT ?? 4319);
const BASE = `http://localhost:${PORT}`;
const OWNER = { username: 'keeper', password: 'keeper-password-123' };

let server: ChildProcess | undefined;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: BASE });

test.beforeAll(async () => {
  server = await startOwnServer(PORT, OWNER);
});

test.afterAll(() => {
  server?.kill();
});

const codeAt = (secret: string, offsetSeconds = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetSeconds * 1000 });

test('the owner adds a passkey and signs in with it alone', async ({ page }) => {
  // A platform authenticator with a fingerprint, as on a laptop with Touch ID.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  expect((await page.request.post('/api/login', { data: OWNER })).status()).toBe(200);
  await page.goto('/admin/blog/security');
  await expect(page.getByRole('heading', { name: 'Passkeys', level: 2 })).toBeVisible();
  await expect(page.getByText('No passkeys yet.')).toBeVisible();
  await expectAccessible(page, 'security page');

  await page.getByLabel('Passkey name').fill('Work laptop');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expectToast(page, 'Passkey added', '“Work laptop” signs you in from now on.');
  const keys = page.getByRole('list', { name: 'Passkeys' }).getByRole('listitem');
  await expect(keys).toHaveCount(1);
  await expect(keys.first()).toContainText('Work laptop');
  await expect(keys.first()).toContainText('never used yet');
  // Its remove asks first, on the page; 'Keep it' keeps it.
  await keys.first().getByRole('link', { name: 'Remove Work laptop' }).click();
  await expect(keys.first().getByRole('button', { name: 'Yes, remove it' })).toBeVisible();
  await expectAccessible(page, 'the question before a passkey is removed');
  await keys.first().getByRole('link', { name: 'Keep it' }).click();
  await expect(keys).toHaveCount(1);

  // Signed out, then in again with the passkey: no username, no password.
  await page.context().clearCookies();
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expectToast(page, 'Login successful', `Welcome back, ${OWNER.username}!`);
  await expect(page).toHaveURL(`${BASE}/`);

  await page.goto('/admin/blog/security');
  await expect(keys.first()).toContainText('last used');
  const current = page
    .getByRole('list', { name: 'Sessions' })
    .getByRole('listitem')
    .filter({ hasText: 'This device' });
  await expect(current).toContainText('Passkey');
});

test('an authenticator app: set up, a code at sign-in elsewhere, that session ended from here, off with a recovery code', async ({
  page,
  browser,
  allowConsole,
}) => {
  // The wrong code below is a 400 the browser logs.
  allowConsole(/status of 400 \(Bad Request\)/);
  expect((await page.request.post('/api/login', { data: OWNER })).status()).toBe(200);
  await page.goto('/admin/blog/security');
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(page.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const secret = await setupKey(page);
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  // A wrong code first: refused, and the code stays in the field to be corrected.
  await page.getByLabel('Code from the app').fill('000000');
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expectToast(page, 'Error', 'That code is not right. Check the time on your phone and try again.');
  await expect(page.getByLabel('Code from the app')).toHaveValue('000000');
  await page.getByLabel('Code from the app').fill(codeAt(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expectToast(page, 'Authenticator app on');
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = await codes.first().innerText();
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('10 of 10 recovery codes left.')).toBeVisible();

  // Another browser: the password, then the code (the next step's, as this step's is spent).
  const phone = await browser.newContext({ baseURL: BASE, viewport: { width: 390, height: 844 } });
  const other = await phone.newPage();
  await other.goto('/auth');
  await other.getByLabel('Username').fill(OWNER.username);
  await other.getByLabel('Password').fill(OWNER.password);
  await other.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(
    other.getByText('Enter the 6-digit code from your authenticator app, or a recovery code.'),
  ).toBeVisible();
  await other.getByLabel('Authentication code').fill(codeAt(secret, 30));
  await other.getByRole('button', { name: 'Verify' }).click();
  await expect(other).toHaveURL(`${BASE}/?done=login`);
  await expect(other.getByRole('button', { name: `Account menu for @${OWNER.username}` })).toBeVisible();

  // This browser sees that session and ends it; the other is signed out at its next request.
  await page.reload();
  const sessions = page.getByRole('list', { name: 'Sessions' }).getByRole('listitem');
  const elsewhere = sessions.filter({ hasText: 'Password and code' });
  await expect(elsewhere).toHaveCount(1);
  await elsewhere.getByRole('button', { name: /^End the session on / }).click();
  await expectToast(page, 'Session ended');
  await expect(elsewhere).toHaveCount(0);
  expect((await other.request.get('/api/user')).status()).toBe(401);
  await other.goto('/admin/blog/security');
  await expect(other).toHaveURL(/\/auth/);
  await phone.close();

  // Off with a recovery code; the password alone signs in again.
  await page.getByLabel('Code to turn the app off').fill(recovery);
  await page.getByRole('button', { name: 'Turn off' }).click();
  await expectToast(page, 'Authenticator app off');
  await expect(page.getByRole('button', { name: 'Set up an authenticator app' })).toBeVisible();
  expect((await page.request.post('/api/login', { data: OWNER })).status()).toBe(200);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the authenticator app is set up, renews its codes and is turned off by plain form posts', async ({
    page,
    allowConsole,
  }) => {
    allowConsole(/status of 400/);
    const addresses: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) addresses.push(request.url());
    });
    expect((await page.request.post('/api/login', { data: OWNER })).status()).toBe(200);
    await page.goto('/admin/blog/security');
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    // The set-up key comes in the page that answers the post.
    await expect(
      page.getByRole('img', { name: 'QR code to scan with your authenticator app' }),
    ).toBeVisible();
    const secret = await setupKey(page);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(page.url()).toBe(`${BASE}/admin/blog/security`);
    await page.getByLabel('Code from the app').fill(codeAt(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await expect(page.getByText('10 of 10 recovery codes left.')).toBeVisible();
    const first = await codes.first().innerText();

    // New codes need a code: a wrong one is refused and said so; a recovery code works.
    await page.getByLabel('Code for new recovery codes').fill('000000');
    await page.getByRole('button', { name: 'New recovery codes' }).click();
    await expect(page.getByRole('alert').first()).toContainText('That code is not right');
    await page.getByLabel('Code for new recovery codes').fill(first);
    await page.getByRole('button', { name: 'New recovery codes' }).click();
    const renewed = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(renewed).toHaveCount(10);
    const fresh = await renewed.first().innerText();
    expect(fresh).not.toBe(first);

    await page.getByLabel('Code to turn the app off').fill(fresh);
    await page.getByRole('button', { name: 'Turn off' }).click();
    await expect(page).toHaveURL(`${BASE}/admin/blog/security?done=authenticator-off`);
    await expect(page.getByRole('status').filter({ hasText: 'Authenticator app off' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Set up an authenticator app' })).toBeVisible();
    // No key or recovery code ever went into an address; the password alone signs in again.
    for (const value of [secret, first, fresh]) {
      expect(addresses.filter((address) => address.includes(value))).toEqual([]);
    }
    expect((await page.request.post('/api/login', { data: OWNER })).status()).toBe(200);
  });

  test('a device is ended, then all the others, by plain form posts', async ({ page, playwright }) => {
    // Two other browsers signed in with the password.
    const others = await Promise.all(
      ['Laptop', 'Tablet'].map(async (device) => {
        const other = await playwright.request.newContext({
          baseURL: BASE,
          extraHTTPHeaders: { 'user-agent': `Mozilla/5.0 (${device}) Firefox/140.0` },
        });
        expect((await other.post('/api/login', { data: OWNER })).status()).toBe(200);
        return other;
      }),
    );
    expect((await page.request.post('/api/login', { data: OWNER })).status()).toBe(200);
    await page.goto('/admin/blog/security');
    const sessions = page.getByRole('list', { name: 'Sessions' }).getByRole('listitem');
    const before = await sessions.count();
    await sessions
      .getByRole('button', { name: /^End the session on / })
      .first()
      .click();
    await expect(page).toHaveURL(`${BASE}/admin/blog/security?done=session-end`);
    await expect(page.getByRole('status').filter({ hasText: 'Session ended' })).toBeVisible();
    await expect(sessions).toHaveCount(before - 1);
    const stillIn = await Promise.all(others.map(async (other) => (await other.get('/api/user')).status()));
    expect(stillIn.sort()).toEqual([200, 401]);

    await page.getByRole('button', { name: 'End all other sessions' }).click();
    await expect(page).toHaveURL(`${BASE}/admin/blog/security?done=sessions-end-others`);
    await expect(page.getByRole('status').filter({ hasText: 'Other sessions ended' })).toBeVisible();
    await expect(sessions).toHaveCount(1);
    await expect(sessions).toContainText('This device');
    for (const other of others) {
      expect((await other.get('/api/user')).status()).toBe(401);
      await other.dispose();
    }
  });

  test('a passkey is removed by a plain form post, after the question on the page', async ({ page }) => {
    expect((await page.request.post('/api/login', { data: OWNER })).status()).toBe(200);
    await page.goto('/admin/blog/security');
    const keys = page.getByRole('list', { name: 'Passkeys' }).getByRole('listitem');
    const laptop = keys.filter({ hasText: 'Work laptop' });
    await laptop.getByRole('link', { name: 'Remove Work laptop' }).click();
    await expect(page).toHaveURL(/\?remove-passkey=(\d+)#passkey-\1$/);
    // 'Keep it' keeps it.
    await laptop.getByRole('link', { name: 'Keep it' }).click();
    await expect(laptop.getByRole('button', { name: 'Yes, remove it' })).toHaveCount(0);
    await laptop.getByRole('link', { name: 'Remove Work laptop' }).click();
    const question = laptop.getByRole('group', {
      name: 'Remove the passkey “Work laptop”? It will no longer sign you in.',
    });
    await question.getByRole('button', { name: 'Yes, remove it' }).click();
    await expect(page).toHaveURL(`${BASE}/admin/blog/security?done=passkey-remove`);
    await expect(page.getByRole('status').filter({ hasText: 'Passkey removed' })).toBeVisible();
    await expect(page.getByText('No passkeys yet.')).toBeVisible();
  });
});
