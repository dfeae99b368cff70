/**
 * The site behind the shipped Caddyfile (deploy/Caddyfile, issue 66), run by Debian's Caddy with
 * its own local certificate on high ports of 127.0.0.1: plain HTTP goes to HTTPS, pages come
 * compressed, from the site's page cache, with HSTS; a form posted without JavaScript and a
 * sign-in with its `__Host-` cookie work through it; the visitor cannot pass for this machine.
 */
import type { ChildProcess } from 'node:child_process';
import { caddyInstalled, httpsGet, type RunningCaddy, startCaddy } from '../server/testing/caddy.ts';
import { freePort } from '../server/testing/ports.ts';
import { required } from '../server/testing/required.ts';
import { expect, test } from './fixtures.ts';
import { startOwnServer } from './own-server.ts';

const OWNER = { username: 'caddy-owner', password: 'caddy-owner-password-123' };
const SITE_PORT = 4332;

test.skip(!required('caddy', caddyInstalled()), 'caddy is not installed');
test.describe.configure({ mode: 'serial' });

let site: ChildProcess | undefined;
let caddy: RunningCaddy;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  const httpsPort = await freePort();
  site = await startOwnServer(SITE_PORT, OWNER, {
    PUBLIC_URL: `https://localhost:${httpsPort}`,
    TRUST_PROXY: '127.0.0.1',
  });
  caddy = await startCaddy({ sitePorts: [SITE_PORT], httpsPort });
});
test.afterAll(async () => {
  await caddy?.stop();
  site?.kill();
});
test.use({ ignoreHTTPSErrors: true, javaScriptEnabled: false });

test('plain HTTP is sent to HTTPS, and pages come compressed, from the page cache, with HSTS', async () => {
  const redirect = await fetch(`${caddy.http}/blog?page=1`, { redirect: 'manual' });
  expect(redirect.status).toBe(308);
  const to = new URL(redirect.headers.get('location') ?? '');
  expect([to.protocol, to.hostname, to.pathname, to.search]).toEqual([
    'https:',
    'localhost',
    '/blog',
    '?page=1',
  ]);

  const first = await httpsGet(`${caddy.https}/blog`, caddy.ca, { 'accept-encoding': 'br, gzip' });
  expect(first.status).toBe(200);
  expect(first.headers['content-encoding']).toBe('br');
  expect(first.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  const again = await httpsGet(`${caddy.https}/blog`, caddy.ca, { 'accept-encoding': 'br, gzip' });
  expect(again.headers['x-page-cache']).toBe('hit');
  // An answer the site did not compress (a small JSON read) is compressed by Caddy when it is worth it.
  const feed = await httpsGet(`${caddy.https}/rss.xml`, caddy.ca, { 'accept-encoding': 'gzip' });
  expect(feed.status).toBe(200);
  expect(feed.headers['content-encoding']).toBe('gzip');
});

test('the machine-only metrics stay the machine’s: a visitor through Caddy cannot pass for 127.0.0.1', async () => {
  for (const headers of [{}, { 'x-forwarded-for': '127.0.0.1' }] as Record<string, string>[]) {
    expect((await httpsGet(`${caddy.https}/metrics`, caddy.ca, headers)).status).toBe(404);
  }
  expect((await fetch(`http://127.0.0.1:${SITE_PORT}/metrics`)).status).toBe(200);
});

test('a quote sent without JavaScript and the owner signing in, through Caddy over HTTPS', async ({
  page,
}) => {
  await page.goto(`${caddy.https}/#contact`);
  const form = page.getByRole('form', { name: 'Get a Custom Quote' });
  await form.getByLabel('Name').fill('Avery Caddy');
  await form.getByLabel('Email').fill(`caddy.quote.${Date.now()}@example.com`);
  await form.getByLabel('Project type').selectOption('website');
  await form.getByLabel('Budget').selectOption('2-5k');
  await form.getByLabel('Timeframe').selectOption('1month');
  await form.getByLabel('Project details').fill('A booking page for the shop, sent through Caddy.');
  await form.getByRole('button', { name: 'Send Request' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  expect(page.url().startsWith(caddy.https)).toBe(true);

  await page.goto(`${caddy.https}/auth`);
  await page.getByLabel('Username').fill(OWNER.username);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Login successful' })).toBeVisible();
  const session = (await page.context().cookies()).find((cookie) => cookie.name === '__Host-sid');
  expect(session).toMatchObject({ secure: true, httpOnly: true, path: '/' });
  await page.goto(`${caddy.https}/admin/blog`);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
});
