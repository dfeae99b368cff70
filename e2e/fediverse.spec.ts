/**
 * Followable from the fediverse (issue 47, point 2): the footer and /blog say "Follow on the
 * fediverse" with the blog's handle and a button that copies it, at 390 and 1280 px in both
 * themes; without JavaScript the handle is there and no button that would do nothing. The head
 * names the actor (home, /blog) and a post's own object with its author's handle, and those
 * addresses answer as ActivityPub. The owner approves, removes and blocks followers from a Fedify
 * server on 127.0.0.1 (point 3), and blocks a server by its name without JavaScript. A reply from
 * that server waits in Moderation and shows under the post with its author's handle and avatar (a
 * copy kept by the site); a like and a boost are counted on the post and listed for the owner
 * until their Undo (point 5).
 */
import { Announce, Create, Like, Note, type Person, Undo } from '@fedify/fedify/vocab';
import type { APIRequestContext } from '@playwright/test';
import { follow, type Peer, startPeer } from '../server/testing/fediverse-peer.ts';
import { E2E_PORT } from './constants.ts';
import { expect, expectAccessible, expectToast, test, writePost } from './fixtures.ts';

const HANDLE = `@jordan@localhost:${E2E_PORT}`;
const POST = 'one-schema-form-to-database';
const ACTIVITY = 'application/activity+json';

/** A published post of the test's own, through the owner's API: its id. */
async function publish(admin: APIRequestContext, post: { title: string; slug: string; summary: string }) {
  const created = await writePost(admin, {
    ...post,
    content: 'A body that is long enough to be a post, well over fifty characters in length.',
    tags: 'Testing',
    isPublished: true,
  });
  return created.id;
}

/** Alice on the Fedify server of the test, and the blog's actor as her server reads it. */
async function aliceOf(peer: Peer) {
  const ctx = peer.context();
  const blog = (await ctx.lookupObject(`http://localhost:${E2E_PORT}/ap/actors/blog`)) as Person;
  return { ctx, blog, alice: ctx.getActorUri('alice') };
}

test.describe('the follow box', () => {
  for (const theme of ['light', 'dark'] as const) {
    for (const [width, height] of [
      [390, 844],
      [1280, 900],
    ] as const) {
      test(`in the footer and on /blog, ${theme}, ${width} px: the handle, copied by its button`, async ({
        page,
        context,
      }) => {
        await context.grantPermissions(['clipboard-read', 'clipboard-write']);
        await page.emulateMedia({ colorScheme: theme });
        await page.setViewportSize({ width, height });
        await page.goto('/');
        const footer = page.getByRole('contentinfo');
        await expect(footer.getByRole('heading', { name: 'Follow on the fediverse' })).toBeVisible();
        await expect(footer.getByText(HANDLE, { exact: true })).toBeVisible();
        await footer.getByRole('button', { name: `Copy ${HANDLE}` }).click();
        await expectToast(page, 'Handle copied');
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(HANDLE);
        await expect(footer.getByRole('button', { name: `Copy ${HANDLE}` })).toHaveText('Copied');

        // /blog has its own in the side column, and the footer none (one box to a page).
        await page.goto('/blog');
        await expect(page.getByRole('heading', { name: 'Follow on the fediverse' })).toHaveCount(1);
        const box = page.getByRole('complementary');
        await expect(box.getByText(HANDLE, { exact: true })).toBeVisible();
        await expect(box.getByRole('button', { name: `Copy ${HANDLE}` })).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        if (width === 390) await expectAccessible(page, `/blog with the follow box (${theme})`);
      });
    }
  }

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('the handle shows, and no button that would do nothing', async ({ page }) => {
      await page.goto('/');
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByText(HANDLE, { exact: true })).toBeVisible();
      await expect(footer.getByRole('button', { name: `Copy ${HANDLE}` })).toHaveCount(0);
    });
  });
});

test('the head names the actor and a post its object and author; both answer as ActivityPub', async ({
  page,
  request,
}) => {
  for (const path of ['/', '/blog']) {
    await page.goto(path);
    const actor = page.locator(`link[rel="alternate"][type="${ACTIVITY}"]`);
    await expect(actor).toHaveAttribute('href', `http://localhost:${E2E_PORT}/ap/actors/blog`);
  }
  const person = await (await request.get('/ap/actors/blog', { headers: { accept: ACTIVITY } })).json();
  expect(person).toMatchObject({ type: 'Person', preferredUsername: 'jordan', name: 'Jordan Ellis' });

  await page.goto(`/blog/${POST}`);
  await expect(page.locator('meta[name="fediverse:creator"]')).toHaveAttribute('content', HANDLE);
  const object = page.locator(`link[rel="alternate"][type="${ACTIVITY}"]`);
  // The post's own address, which answers its Article when asked for ActivityPub (issue 64).
  await expect(object).toHaveAttribute('href', `http://localhost:${E2E_PORT}/blog/${POST}`);
  const article = await (await request.get(`/blog/${POST}`, { headers: { accept: ACTIVITY } })).json();
  expect(article).toMatchObject({
    type: 'Article',
    id: `http://localhost:${E2E_PORT}/ap/posts/${POST}`,
    url: `http://localhost:${E2E_PORT}/blog/${POST}`,
  });
  // A browser that opens the object's address reads the post.
  await page.goto(`/ap/posts/${POST}`);
  await expect(page).toHaveURL(new RegExp(`/blog/${POST}$`));
});

test.describe("the owner's followers", () => {
  test('a follower from another server waits, is approved, then removed: at 390 and 1280 px', async ({
    page,
    admin,
    signInAs,
  }) => {
    const peer = await startPeer();
    const actor = `http://localhost:${E2E_PORT}/ap/actors/blog`;
    const alice = `@alice@${new URL(peer.base).host}`;
    try {
      await signInAs('admin');
      for (const [width, height] of [
        [390, 844],
        [1280, 900],
      ] as const) {
        await page.setViewportSize({ width, height });
        await page.goto('/admin/blog/fediverse');
        // How people follow, and why nobody can yet: this site's address is this machine's (issue 64).
        const onTheFediverse = page.getByRole('region', { name: 'On the fediverse' });
        await expect(onTheFediverse).toContainText(
          `To follow, people search for @jordan@localhost:${E2E_PORT} in Mastodon or any fediverse app and press Follow.`,
        );
        await expect(onTheFediverse).toContainText(
          `Other servers cannot reach http://localhost:${E2E_PORT} (it names this machine or a private network), so nobody can follow the blog yet.`,
        );
        await expect(
          onTheFediverse.getByRole('button', { name: `Copy @jordan@localhost:${E2E_PORT}` }),
        ).toBeVisible();
        const settings = page.getByRole('form', { name: 'Fediverse settings' });
        await expect(settings.getByLabel('Name')).toHaveValue('jordan');
        await settings.getByLabel(/Approve each follower/).check();
        await settings.getByRole('button', { name: 'Save' }).click();
        await expectToast(page, 'Settings saved');

        // Alice follows from her server: she waits for the owner.
        await follow(peer, actor, `follow-${width}`);
        await page.reload();
        const row = page.getByRole('form', { name: `Follower ${alice}` });
        await expect(row).toContainText('waiting for approval');
        const accepted = peer.accepted.length;
        await row.getByRole('button', { name: 'Approve' }).click();
        await expectToast(page, 'Follower approved', `${alice} now follows the blog.`);
        await expect(row).not.toContainText('waiting for approval');
        await expect(page.getByRole('region', { name: 'Followers' })).toContainText(
          '1 person follows the blog.',
        );
        // Sent from the queue just after the answer.
        await expect.poll(() => peer.accepted.length).toBe(accepted + 1);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

        const rejected = peer.rejected.length;
        await row.getByRole('button', { name: 'Remove' }).click();
        await expectToast(page, 'Follower removed', `${alice} no longer follows the blog.`);
        await expect(page.getByRole('form', { name: `Follower ${alice}` })).toHaveCount(0);
        await expect.poll(() => peer.rejected.length).toBe(rejected + 1);
      }
      await expectAccessible(page, '/admin/blog/fediverse');
    } finally {
      await admin.put('/api/admin/fediverse', { data: { name: 'jordan', approveFollowers: false } });
      await peer.close();
    }
  });
});

test.describe("the owner's blocks", () => {
  /** Lifts the blocks a test left of these names (the server, and its blocks, are shared by the tests). */
  const unblock = async (admin: import('@playwright/test').APIRequestContext, ...labels: string[]) => {
    const owner = (await (await admin.get('/api/admin/fediverse')).json()) as {
      blocks: { id: number; label: string }[];
    };
    for (const block of owner.blocks.filter((block) => labels.includes(block.label))) {
      await admin.delete(`/api/admin/fediverse/blocks/${block.id}`);
    }
  };

  test('a follower blocked as a person, then with their server; each block lifted: at 390 and 1280 px', async ({
    page,
    admin,
    signInAs,
  }) => {
    const peer = await startPeer();
    const actor = `http://localhost:${E2E_PORT}/ap/actors/blog`;
    const server = new URL(peer.base).host;
    const alice = `@alice@${server}`;
    try {
      await signInAs('admin');
      for (const [width, height] of [
        [390, 844],
        [1280, 900],
      ] as const) {
        await page.setViewportSize({ width, height });
        await follow(peer, actor, `follow-block-${width}`);
        await page.goto('/admin/blog/fediverse');
        const blocked = page.getByRole('region', { name: 'Blocked' });
        const rejected = peer.rejected.length;
        await page
          .getByRole('form', { name: `Follower ${alice}` })
          .getByRole('button', { name: `Block ${alice}` })
          .click();
        await expectToast(page, 'Follower blocked', `${alice} can no longer follow the blog.`);
        await expect(page.getByRole('form', { name: `Follower ${alice}` })).toHaveCount(0);
        await expect.poll(() => peer.rejected.length).toBe(rejected + 1);
        const block = blocked.getByRole('form', { name: `Blocked ${alice}` });
        await expect(block).toContainText('One person');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

        // Blocked, her next Follow is refused: she is not listed again.
        await expect(follow(peer, actor, `follow-blocked-${width}`)).rejects.toThrow();
        await block.getByRole('button', { name: 'Unblock' }).click();
        await expectToast(page, 'Block lifted', `${alice} can follow the blog again.`);
        await expect(blocked.getByRole('form', { name: `Blocked ${alice}` })).toHaveCount(0);

        // Following again, then her whole server blocked from her row.
        await follow(peer, actor, `follow-again-${width}`);
        await page.reload();
        await page
          .getByRole('form', { name: `Follower ${alice}` })
          .getByRole('button', { name: `Block the server ${server}` })
          .click();
        await expectToast(page, 'Server blocked', `No one on ${server} can follow the blog.`);
        await expect(blocked.getByRole('form', { name: `Blocked ${server}` })).toContainText(
          'The whole server',
        );
        await expect(page.getByRole('form', { name: `Follower ${alice}` })).toHaveCount(0);
        await blocked
          .getByRole('form', { name: `Blocked ${server}` })
          .getByRole('button', { name: 'Unblock' })
          .click();
        await expectToast(page, 'Block lifted', `${server} can follow the blog again.`);
        await expect(blocked.getByRole('form', { name: `Blocked ${server}` })).toHaveCount(0);
      }
      await expectAccessible(page, '/admin/blog/fediverse');
    } finally {
      await unblock(admin, alice, server);
      await peer.close();
    }
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false, refusedFormsExpected: true, signedIn: 'admin' });

    test('a server blocked by its name: a wrong name refused beside the field, then blocked and lifted', async ({
      page,
      admin,
    }) => {
      try {
        await page.goto('/admin/blog/fediverse');
        const form = page.getByRole('form', { name: 'Block a server' });
        await form.getByLabel('Server').fill('spam farm');
        await form.getByRole('button', { name: 'Block server' }).click();
        await expect(page.getByRole('form', { name: 'Block a server' })).toContainText(
          'Enter a server name, like mastodon.social',
        );
        await expect(page.getByRole('form', { name: 'Block a server' }).getByLabel('Server')).toHaveValue(
          'spam farm',
        );

        // Pasted as an address: its server is what is blocked.
        await page
          .getByRole('form', { name: 'Block a server' })
          .getByLabel('Server')
          .fill('https://Spam.Example/@someone');
        await page
          .getByRole('form', { name: 'Block a server' })
          .getByRole('button', { name: 'Block server' })
          .click();
        const blocked = page.getByRole('region', { name: 'Blocked' });
        await expect(blocked.getByText('No one on that server can follow the blog.')).toBeVisible();
        const row = blocked.getByRole('form', { name: 'Blocked spam.example' });
        await expect(row).toContainText('The whole server');
        await row.getByRole('button', { name: 'Unblock' }).click();
        await expect(page.getByRole('region', { name: 'Blocked' }).getByText('spam.example')).toHaveCount(0);
      } finally {
        await unblock(admin, 'spam.example');
      }
    });
  });
});

test.describe('a reply from the fediverse', () => {
  test('waits in Moderation with its handle, then shows under the post with a link to its author, at 390 px', async ({
    page,
    admin,
    signInAs,
  }) => {
    const peer = await startPeer();
    const id = Date.now().toString(36);
    const slug = `fediverse-reply-${id}`;
    const title = `Answered from Mastodon ${id}`;
    const handle = `@alice@${new URL(peer.base).host}`;
    let postId = 0;
    try {
      postId = await publish(admin, {
        title,
        slug,
        summary: 'A post that a reader answers from the fediverse.',
      });
      const { ctx, blog, alice } = await aliceOf(peer);
      await ctx.sendActivity(
        { identifier: 'alice' },
        blog,
        new Create({
          id: new URL(`${alice.href}/notes/${id}/activity`),
          actor: alice,
          object: new Note({
            id: new URL(`${alice.href}/notes/${id}`),
            attribution: alice,
            replyTarget: new URL(`http://localhost:${E2E_PORT}/ap/posts/${slug}`),
            content: '<p><a href="#">@jordan</a> Which battery does the 2016 fob take?</p>',
          }),
        }),
      );

      await page.setViewportSize({ width: 390, height: 844 });
      await signInAs('admin');
      await page.goto('/admin/blog/moderation');
      const comment = page
        .getByRole('article', { name: 'Comment by Alice Example' })
        .filter({ hasText: title });
      await expect(comment).toContainText('Which battery does the 2016 fob take?');
      await expect(comment.getByRole('link', { name: handle })).toHaveAttribute('href', alice.href);
      await expect(comment).toContainText('A reply from the fediverse');
      await comment.getByRole('button', { name: 'Approve the comment by Alice Example' }).click();
      await expectToast(page, 'Comment approved');

      // Her avatar is fetched by the server in the background, once: shown from this site's uploads.
      await expect
        .poll(async () => {
          const list = (await (await admin.get(`/api/blog/post/${postId}/comments`)).json()) as {
            fediverse?: { avatar?: string | null } | null;
          }[];
          return list[0]?.fediverse?.avatar ?? null;
        })
        .toMatch(/^\/uploads\/.+\.webp$/);
      await page.goto(`/blog/${slug}`);
      await expect(page.getByRole('heading', { name: 'Comments (1)' })).toBeVisible();
      const link = page.getByRole('link', { name: `${handle} on the fediverse` });
      await expect(link).toHaveAttribute('href', alice.href);
      await expect(page.getByText('Which battery does the 2016 fob take?')).toBeVisible();
      const avatar = page
        .getByRole('listitem')
        .filter({ hasText: 'Which battery does the 2016 fob take?' })
        .locator('img');
      await expect(avatar).toHaveAttribute('src', /^\/uploads\/.+\.webp$/);
      await avatar.scrollIntoViewIfNeeded();
      await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
      expect(peer.avatarRequests()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      if (postId) await admin.delete(`/api/admin/posts/${postId}`);
      await peer.close();
    }
  });
});

test.describe('likes and boosts from the fediverse', () => {
  test('are counted on the post and listed for the owner, until taken back or blocked: at 390 and 1280 px', async ({
    page,
    admin,
    signInAs,
  }) => {
    const peer = await startPeer();
    const id = Date.now().toString(36);
    const slug = `fediverse-liked-${id}`;
    const title = `Liked on Mastodon ${id}`;
    let postId = 0;
    try {
      postId = await publish(admin, {
        title,
        slug,
        summary: 'A post that a reader likes and boosts from the fediverse.',
      });
      const { ctx, blog, alice } = await aliceOf(peer);
      const object = new URL(`http://localhost:${E2E_PORT}/ap/posts/${slug}`);
      const like = new Like({ id: new URL(`${alice.href}#likes/${id}`), actor: alice, object });
      const boost = new Announce({ id: new URL(`${alice.href}/boosts/${id}`), actor: alice, object });
      await ctx.sendActivity({ identifier: 'alice' }, blog, like);
      await ctx.sendActivity({ identifier: 'alice' }, blog, boost);

      await signInAs('admin');
      for (const [width, height, theme] of [
        [390, 844, 'light'],
        [1280, 900, 'dark'],
      ] as const) {
        await page.setViewportSize({ width, height });
        await page.emulateMedia({ colorScheme: theme });
        await page.goto(`/blog/${slug}`);
        await expect(page.getByRole('list', { name: 'About this post' })).toContainText(
          '1 like and 1 boost on the fediverse',
        );
        await page.goto('/admin/blog/fediverse');
        const panel = page.getByRole('region', { name: 'Likes and boosts' });
        await expect(panel).toContainText('Your posts have');
        const rows = panel.getByRole('listitem').filter({ hasText: title });
        await expect(rows).toHaveCount(2);
        await expect(rows.filter({ hasText: 'Alice Example boosted' })).toBeVisible();
        await expect(
          rows.filter({ hasText: 'Alice Example liked' }).getByRole('link', { name: title }),
        ).toHaveAttribute('href', `/blog/${slug}`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await expectAccessible(page, `the owner's likes and boosts (${theme}, ${width} px)`);
      }

      // Her like taken back: the post counts the boost alone.
      await ctx.sendActivity(
        { identifier: 'alice' },
        blog,
        new Undo({ id: new URL(`${alice.href}#likes/${id}/undo`), actor: alice, object: like }),
      );
      await page.goto(`/blog/${slug}`);
      await expect(page.getByRole('list', { name: 'About this post' })).toContainText(
        '1 boost on the fediverse',
      );
      await expect(page.getByText('1 like', { exact: false })).toHaveCount(0);

      // Blocked from her boost's row (she does not follow): the boost is gone, and so is she.
      await page.goto('/admin/blog/fediverse');
      const boosted = page
        .getByRole('region', { name: 'Likes and boosts' })
        .getByRole('form', { name: /^Boost by @alice@/ })
        .filter({ has: page.getByRole('link', { name: title }) });
      const handle = (await boosted.getAttribute('aria-label'))?.replace('Boost by ', '') ?? '';
      await boosted.getByRole('button', { name: `Block ${handle}` }).click();
      await expectToast(page, 'Blocked', `${handle} can no longer follow, like or boost.`);
      await expect(boosted).toHaveCount(0);
      const blocked = page
        .getByRole('region', { name: 'Blocked' })
        .getByRole('form', { name: `Blocked ${handle}` });
      await expect(blocked).toBeVisible();
      await page.goto(`/blog/${slug}`);
      await expect(page.getByText('on the fediverse', { exact: false })).toHaveCount(0);
      await page.goto('/admin/blog/fediverse');
      await blocked.getByRole('button', { name: 'Unblock' }).click();
      await expect(blocked).toHaveCount(0);
    } finally {
      if (postId) await admin.delete(`/api/admin/posts/${postId}`);
      await peer.close();
    }
  });
});
