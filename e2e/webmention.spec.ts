/**
 * Webmention between two sites of this project (issue 47, point 7): the shared e2e server publishes
 * a post that links to a post on a second site of its own (127.0.0.1, its own owner and data);
 * the first finds the second's endpoint in that post's head and sends the mention, the second reads
 * the first's page, finds the link and keeps the mention for its owner. The owner approves it in
 * Moderation (390 and 1280 px, both themes, axe) and it shows under the post; deleted without
 * JavaScript, it is gone from the post.
 */
import type { ChildProcess } from 'node:child_process';
import type { APIRequestContext, Page } from '@playwright/test';
import type { OwnerMention } from '../common/schemas/webmention.ts';
import { E2E_PORT } from './constants.ts';
import { expect, expectAccessible, expectToast, test } from './fixtures.ts';
import { startOwnServer } from './own-server.ts';

const PORT = Number(process.env.E2E_WEBMENTION_PORT ?? 4324);
const OTHER = `http://127.0.0.1:${PORT}`;
const OWNER = { username: 'mentioned', password: 'mentioned-password-123' };

// One worker for the file: the second site is one server on one port.
test.describe.configure({ mode: 'serial' });

let server: ChildProcess | undefined;
test.beforeAll(async () => {
  server = await startOwnServer(PORT, OWNER, { PUBLIC_URL: OTHER, OUTBOUND_ALLOW_PRIVATE_ADDRESSES: '1' });
});
test.afterAll(() => {
  server?.kill('SIGTERM');
});

/** A live post through an owner's API: its id. */
async function publish(api: APIRequestContext, slug: string, content: string) {
  const created = await api.post('/api/blog', {
    data: {
      title: `Webmention: ${slug.replaceAll('-', ' ')}`,
      slug,
      summary: 'A post between two sites that mention each other.',
      content,
      tags: 'Webmention',
      isPublished: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

/** The second site's owner, signed in (the API) from the test's own request context. */
async function otherOwner(page: Page) {
  const login = await page.request.post(`${OTHER}/api/login`, { data: OWNER });
  expect(login.status(), await login.text()).toBe(200);
}

const waitingOn = async (page: Page, slug: string) => {
  const answer = await page.request.get(`${OTHER}/api/admin/mentions`);
  return ((await answer.json()) as { mentions: OwnerMention[] }).mentions.filter(
    (mention) => mention.post.slug === slug,
  );
};

for (const [width, height, theme] of [
  [390, 844, 'light'],
  [1280, 900, 'dark'],
] as const) {
  test(`a post that links to another site's post is mentioned there, approved by its owner and shown (${width} px, ${theme})`, async ({
    page,
    admin,
  }) => {
    await page.setViewportSize({ width, height });
    await page.emulateMedia({ colorScheme: theme });
    await otherOwner(page);
    const stamp = `${width}-${Date.now().toString(36)}`;
    const targetSlug = `mentioned-${stamp}`;
    const api = page.request;
    const created = await api.post(`${OTHER}/api/blog`, {
      data: {
        title: `A post to mention ${stamp}`,
        slug: targetSlug,
        summary: 'A post on the second site.',
        content: 'A post on the second site, which the first one links to. Long enough.',
        isPublished: true,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const target = `${OTHER}/blog/${targetSlug}`;

    const sourceSlug = `mentioning-${stamp}`;
    await publish(admin, sourceSlug, `I read [a post on another site](${target}) and wrote this about it.`);
    const source = `http://localhost:${E2E_PORT}/blog/${sourceSlug}`;

    // Sent when it went live, read by the second site, waiting for its owner.
    await expect
      .poll(async () => (await waitingOn(page, targetSlug)).map((m) => m.status), { timeout: 20_000 })
      .toEqual(['pending']);
    await page.goto(`${OTHER}/admin/blog/moderation`);
    const panel = page.getByRole('region', { name: /^Mentions/ });
    // Other tests' mentions may wait beside this one.
    await expect(panel.getByRole('heading', { name: /^Mentions \(\d+ waiting\)$/ })).toBeVisible();
    const row = panel
      .getByRole('form', { name: `Mention: ${'Webmention: mentioning'}` })
      .filter({ hasText: targetSlug.replace('mentioned-', '') })
      .first();
    await expect(row.getByRole('link', { name: /Webmention: mentioning/ })).toHaveAttribute('href', source);
    await expect(row.getByText('Waiting for approval')).toBeVisible();
    await expectAccessible(page, `moderation with a mention at ${width} px`);
    await row.getByRole('button', { name: 'Approve' }).click();
    await expectToast(page, 'Mention approved');
    await expect(row.getByText('Shown under')).toBeVisible();
    await expect(row.getByRole('button', { name: 'Approve' })).toHaveCount(0);

    await page.goto(target);
    const mentions = page.getByRole('region', { name: 'Mentions (1)' });
    await expect(mentions).toBeVisible();
    const link = mentions.getByRole('link', {
      name: new RegExp(`Webmention: mentioning ${stamp.replace('-', ' ')}`),
    });
    await expect(link).toHaveAttribute('href', source);
    await expect(link).toHaveAttribute('rel', 'nofollow ugc');
    await expect(mentions.getByText(`On localhost:${E2E_PORT}`)).toBeVisible();
    await link.scrollIntoViewIfNeeded();
    await expectAccessible(page, `a post with a mention at ${width} px`);
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the owner deletes a mention, and it is gone from the post', async ({ page, admin }) => {
    await otherOwner(page);
    const stamp = `nojs-${Date.now().toString(36)}`;
    const created = await page.request.post(`${OTHER}/api/blog`, {
      data: {
        title: `A post mentioned without code ${stamp}`,
        slug: `mentioned-${stamp}`,
        summary: 'A post on the second site.',
        content: 'A post on the second site, which the first one links to. Long enough.',
        isPublished: true,
      },
    });
    expect(created.status()).toBe(201);
    const target = `${OTHER}/blog/mentioned-${stamp}`;
    await publish(admin, `mentioning-${stamp}`, `A [link](${target}) to the other site's post, long enough.`);
    await expect
      .poll(async () => (await waitingOn(page, `mentioned-${stamp}`)).length, { timeout: 20_000 })
      .toBe(1);
    const [waiting] = await waitingOn(page, `mentioned-${stamp}`);
    const approved = await page.request.post(`${OTHER}/api/admin/mentions/${waiting?.id}/approve`);
    expect(approved.status()).toBe(204);
    await page.goto(target);
    await expect(page.getByRole('region', { name: 'Mentions (1)' })).toBeVisible();

    await page.goto(`${OTHER}/admin/blog/moderation`);
    const row = page
      .getByRole('form', { name: /^Mention: / })
      .filter({ hasText: `mentioned without code ${stamp}` });
    await row.getByRole('button', { name: 'Delete' }).click();
    await expect(
      page.getByRole('form', { name: /^Mention: / }).filter({ hasText: `mentioned without code ${stamp}` }),
    ).toHaveCount(0);
    await page.goto(target);
    await expect(page.getByRole('heading', { name: /^Mentions/ })).toHaveCount(0);
  });
});
