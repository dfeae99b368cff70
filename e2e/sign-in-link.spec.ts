/**
 * The owner is never kept out by strangers' guesses (issue 45, point 2): while a guesser tries
 * passwords from many addresses, the owner's right password from a new browser is slowed, so the
 * owner asks the sign-in page for a link by email, opens it from the email as it arrived (a
 * stand-in SMTP server this test starts) and presses Sign In: signed in, with JavaScript and
 * without. The site is a server of its own, with mail set up (SMTP_URL, NOTIFY_EMAIL).
 */

import type { ChildProcess } from 'node:child_process';
import { type SmtpStandIn, startSmtpStandIn } from '../server/testing/smtp-stand-in.ts';
import { expect, expectAccessible, test, waitForHydration } from './fixtures.ts';
import { startOwnServer } from './own-server.ts';

const PORT = Number(process.env.E2E_SIGN_IN_LINK_PORT ?? 4322);
const BASE = `http://localhost:${PORT}`;
const OWNER = { username: 'warden', password: 'warden-password-123' };
/** The owner's account has no address of its own: the owner's link goes to NOTIFY_EMAIL. */
const MAILBOX = 'warden@example.com';
/** A visitor's account, with its own address (one link a minute per account: each test its own). */
const READER = { username: 'reader-link', password: 'reader-password-123', email: 'reader-link@example.com' };

let server: ChildProcess | undefined;
let smtp: SmtpStandIn;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: BASE, refusedFormsExpected: true });

test.beforeAll(async () => {
  smtp = await startSmtpStandIn();
  server = await startOwnServer(PORT, OWNER, { SMTP_URL: smtp.url, NOTIFY_EMAIL: MAILBOX });
});

test.afterAll(async () => {
  server?.kill();
  await smtp?.close();
});

let guessNumber = 0;
/** Wrong passwords, each from an address of its own: the account is slowed for every new browser. */
async function strangersGuess(username: string, count: number) {
  for (let guess = 0; guess < count; guess++) {
    guessNumber++;
    await fetch(`${BASE}/api/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: BASE,
        'x-forwarded-for': `198.51.100.${guessNumber % 250}`,
      },
      body: JSON.stringify({ username, password: `guess-${guessNumber}` }),
    });
  }
}

/** The link in the newest email to `mailbox`, once one more than `before` has arrived. */
async function newestLink(mailbox: string, before: number): Promise<string> {
  const toOwner = () => smtp.received.filter((mail) => mail.to.includes(mailbox));
  await expect.poll(() => toOwner().length, { timeout: 60_000 }).toBeGreaterThan(before);
  const text = (toOwner().at(-1)?.raw ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  return /http:\/\/localhost:\d+\/auth\?link=[A-Za-z0-9_-]+(&back=[A-Za-z0-9%_-]+)?/.exec(text)?.[0] ?? '';
}

const cases = [
  { javaScriptEnabled: false, who: 'the owner', account: OWNER, mailbox: MAILBOX },
  { javaScriptEnabled: true, who: 'a visitor', account: READER, mailbox: READER.email },
];
for (const { javaScriptEnabled, who, account, mailbox } of cases) {
  test(`${who} signs in with a link by email while strangers guess (${javaScriptEnabled ? 'with' : 'without'} JavaScript)`, async ({
    browser,
  }) => {
    if (account === READER) {
      const made = await fetch(`${BASE}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: BASE, 'x-forwarded-for': '192.0.2.50' },
        body: JSON.stringify(READER),
      });
      expect(made.status).toBe(201);
    }
    await strangersGuess(account.username, 12);
    const context = await browser.newContext({
      baseURL: BASE,
      javaScriptEnabled,
      extraHTTPHeaders: { 'x-forwarded-for': `203.0.113.${javaScriptEnabled ? 2 : 1}` },
    });
    const page = await context.newPage();
    // Signing in from the blog: the link by email comes back there.
    await page.goto('/blog');
    await page.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL('/auth?back=%2Fblog');
    // Live, so the presses below go through the page's code.
    if (javaScriptEnabled) await waitForHydration(page);

    // The right password from this new browser is slowed, as a guess would be.
    await page.getByLabel('Username').first().fill(account.username);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('Many sign-ins to this account have failed lately');

    // The way in: a link to the owner's mailbox.
    const before = smtp.received.filter((mail) => mail.to.includes(mailbox)).length;
    const lockedOut = page.getByRole('group').filter({ hasText: 'Locked out or forgot your password?' });
    await lockedOut.getByText('Locked out or forgot your password?').click();
    await lockedOut.getByLabel('Username').fill(account.username);
    await lockedOut.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Check your email' })).toContainText(
      'a sign-in link is on its way',
    );
    if (javaScriptEnabled) await expectAccessible(page);

    const link = await newestLink(mailbox, before);
    expect(new URL(link).searchParams.get('back')).toBe('/blog');
    await page.goto(link);
    await expect(
      page.getByText('Press Sign In to finish signing in with the link from your email.'),
    ).toBeVisible();
    if (javaScriptEnabled) await waitForHydration(page);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL('/blog?done=login');
    await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Login successful' })).toContainText(
      `Welcome back, ${account.username}!`,
    );

    // The link is spent: opened again, it says so and leads back to sign in.
    const other = await browser.newContext({ baseURL: BASE, javaScriptEnabled });
    const again = await other.newPage();
    await again.goto(link);
    await again.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(again.getByRole('alert')).toContainText(
      'This sign-in link has expired or was already used.',
    );
    await expect(again.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
      'href',
      '/auth?back=%2Fblog',
    );
    await other.close();
    await context.close();
  });
}
