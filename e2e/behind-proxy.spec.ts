/**
 * Every public form posted without JavaScript through the shipped caching proxy
 * (docs/nginx/caching-proxy.conf, run by Debian's nginx on a port of its own, as a host would run
 * it on 8080): the site must see the address the browser used, port included, or its origin check
 * refuses every post (issue 45). Skipped where nginx is not installed (CI installs it).
 */
import { type CachingProxy, nginxInstalled, startCachingProxy } from '../server/testing/nginx.ts';
import { required } from '../server/testing/required.ts';
import { E2E_ADMIN, E2E_PORT } from './constants.ts';
import { choose, expect, ownerEntries, pastTheMinimum, test } from './fixtures.ts';

test.use({ javaScriptEnabled: false });
test.skip(!required('nginx', nginxInstalled()), 'nginx is not installed');

let nginx: CachingProxy;
let proxy = '';
test.beforeAll(async () => {
  nginx = await startCachingProxy({ sitePort: E2E_PORT });
  proxy = nginx.url;
});
test.afterAll(async () => {
  await nginx?.stop();
});

test('the quote, the resume request, recommendations and signing in, through the proxy', async ({
  page,
  admin,
}) => {
  expect(new URL(proxy).port).not.toBe(String(E2E_PORT));
  const email = `proxy.quote.${Date.now()}@example.com`;
  await page.goto(`${proxy}/#contact`);
  const form = page.getByRole('form', { name: 'Get a Custom Quote' });
  await form.getByLabel('Name').fill('Avery Proxy');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Project type').selectOption('website');
  await form.getByLabel('Budget').selectOption('2-5k');
  await form.getByLabel('Timeframe').selectOption('1month');
  await form.getByLabel('Project details').fill('A booking page for the shop, sent through a proxy.');
  await form.getByRole('button', { name: 'Send Request' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  expect(page.url().startsWith(proxy)).toBe(true);
  expect(await ownerEntries(admin, '/api/admin/quotes?pageSize=100', 'email', email)).toHaveLength(1);

  await page.goto(`${proxy}/resume`);
  await page.getByLabel('Name').fill('Morgan Proxy');
  await page
    .getByRole('main')
    .getByRole('textbox', { name: 'Email' })
    .fill(`proxy.resume.${Date.now()}@example.com`);
  await page.getByLabel('Purpose').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Request Resume' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();

  await page.goto(`${proxy}/recommendations`);
  await page.getByRole('textbox', { name: 'Interests' }).fill('automotive, small business');
  await page.getByRole('button', { name: 'Get Recommendations' }).click();
  await expect(page.getByRole('heading', { name: 'Your Recommendations' })).toBeVisible();

  await page.goto(`${proxy}/auth`);
  await page.getByLabel('Username').fill(E2E_ADMIN.username);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Login successful' })).toBeVisible();
  expect(page.url()).toBe(`${proxy}/?done=login`);
});

test('a comment, a guest post and an endorsement, through the proxy', async ({ page, admin, browser }) => {
  const stamp = Date.now().toString(36);
  // Three visitors (a visit's token is spent by its first form), filled side by side, each sent
  // once the bot check's moment has passed.
  await page.goto(`${proxy}/blog/one-schema-form-to-database`);
  const arrived = Date.now();
  const comment = page.getByRole('form', { name: 'Leave a Comment' });
  await comment.getByLabel('Name').fill('Robin Proxy');
  await comment.getByLabel('Email').fill('robin.proxy@example.com');
  await comment.getByLabel('Comment').fill(`Sent through the proxy ${stamp}, and it arrived.`);
  await comment.getByLabel('Verification').fill('not-a-robot');

  const visitor = () => browser.newContext({ javaScriptEnabled: false });
  const guest = await (await visitor()).newPage();
  await guest.goto(`${proxy}/contribute`);
  const post = guest.getByRole('form', { name: 'Guest post' });
  await post.getByLabel('Title').fill(`Through a proxy ${stamp}`);
  await post.getByLabel('Summary').fill('What a caching proxy taught me about forms that must always work.');
  await post.getByLabel('Content').fill('A form behind a proxy must still reach its site. '.repeat(5));
  await post.getByLabel('Tags').fill('Forms');
  await post.getByLabel('Your name').fill('Casey Proxy');
  await post.getByLabel('Your email').fill('casey.proxy@example.com');
  await post.getByLabel('Verification').fill('not-a-robot');

  const endorse = await (await visitor()).newPage();
  await endorse.goto(`${proxy}/#skills`);
  // A skill no other browser test endorses: they share one site, and Docker's list is counted.
  await endorse.getByRole('link', { name: 'Endorse this skill: CI/CD Pipelines' }).click();
  const endorseArrived = Date.now();
  await choose(endorse.getByRole('radio', { name: '4 stars' }));
  await endorse.getByLabel('Your Name').fill(`Jamie Proxy ${stamp}`);
  await endorse.getByRole('main').getByRole('textbox', { name: 'Email' }).fill('jamie.proxy@example.com');

  await pastTheMinimum(page, arrived);
  await comment.getByRole('button', { name: 'Submit Comment' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Comment submitted' })).toBeVisible();
  await post.getByRole('button', { name: 'Submit for Review' }).click();
  await expect(guest.getByRole('heading', { name: 'Thank you for your contribution!' })).toBeVisible();
  await pastTheMinimum(endorse, endorseArrived);
  await endorse.getByRole('button', { name: 'Submit Endorsement' }).click();
  await expect(endorse.getByRole('status').filter({ hasText: 'Endorsement submitted' })).toBeVisible();
  expect(
    await ownerEntries(admin, '/api/admin/endorsements?pageSize=100', 'name', `Jamie Proxy ${stamp}`),
  ).toHaveLength(1);
  await guest.context().close();
  await endorse.context().close();
});

test('subscribing to the newsletter and booking a call, through the proxy', async ({ page, admin }) => {
  const email = `proxy.news.${Date.now()}@example.com`;
  await page.goto(`${proxy}/projects/keycode-help`);
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('textbox', { name: 'Email' }).fill(email);
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Almost there' })).toBeVisible();

  const name = `Drew Proxy ${Date.now().toString(36)}`;
  await page.goto(`${proxy}/book-a-call`);
  const form = page.getByRole('form', { name: 'Choose a time' });
  await choose(form.getByRole('group', { name: 'Day' }).getByRole('radio').nth(4));
  await choose(form.getByRole('group', { name: 'Time' }).getByRole('radio').nth(1));
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill('drew.proxy@example.com');
  await form.getByLabel('What would you like to talk about?').fill('A proxy question');
  await form.getByRole('button', { name: 'Book the call' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your call is booked' })).toBeVisible();
  expect(page.url().startsWith(`${proxy}/booking/`)).toBe(true);
  expect(await ownerEntries(admin, '/api/admin/bookings', 'name', name)).toHaveLength(1);
});
