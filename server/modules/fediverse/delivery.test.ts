/**
 * Posts reach the followers (issue 47, point 4), checked against a Fedify server on 127.0.0.1 that
 * follows the blog: a post that goes live arrives once as a signed `Create` of its `Article`
 * (title, summary, address, cover, tags as hashtags); an edit of what followers see arrives as an
 * `Update`, one that changes nothing of it sends nothing; taking it down sends a `Delete`. The owner's
 * answer to a reply from there goes back as a reply that mentions its author (point 5). A server
 * that fails is tried again later, one that is gone (410) is given up with its followers. The site
 * has a public address (PUBLIC_URL): the follower's server reads the key that signed each one there.
 */
import { createServer as createHttpServer } from 'node:http';
import { Article, Create, Delete, Hashtag, Mention, Note, type Person, Update } from '@fedify/fedify/vocab';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { comments, fediverseFollowers, fediverseQueue } from '../../db/schema.ts';
import { follow, type Peer, startPeer } from '../../testing/fediverse-peer.ts';
import { freePort } from '../../testing/ports.ts';
import { samplePostText } from '../../testing/samples.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let site: string;
let peer: Peer;
let owner: string;

beforeAll(async () => {
  const port = await freePort();
  site = `http://127.0.0.1:${port}`;
  t = await createTestApp({ env: { OUTBOUND_ALLOW_PRIVATE_ADDRESSES: '1', PUBLIC_URL: site } });
  await t.app.listen({ port, host: '127.0.0.1' });
  peer = await startPeer();
  await follow(peer, `${site}/ap/actors/blog`, 'follow');
  // Her Accept goes out from the queue first: what waits there after it is what posts queued.
  await t.app.fediverse.deliverDue();
  await vi.waitFor(() => expect(peer.accepted).toHaveLength(1));
  owner = await t.signIn('admin');
});
afterAll(async () => {
  await peer?.close();
  await t?.close();
});

const owners = async (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
  const answer = await t.app.inject({
    method,
    url,
    headers: { cookie: owner },
    ...(payload ? { payload } : {}),
  });
  expect(answer.statusCode, answer.body).toBeLessThan(300);
  return answer.body ? answer.json() : null;
};
const publish = async (slug: string) =>
  (await owners('POST', '/api/blog', {
    title: `Told to followers ${slug}`,
    slug,
    summary: 'A post the followers on the fediverse hear of.',
    content: 'A body that is long enough to be a post, well over fifty characters in length.',
    tags: 'Locksmith, Car keys',
    isPublished: true,
  })) as { id: number };
/** What waits in the site's queue for Fedify to send (what each change queued, once its write is through). */
const queued = () => t.database.db.select().from(fediverseQueue);
/**
 * Waits for what a post's change queued: the change is told in turn after the one its write set
 * off, so once this is through, that one is too.
 */
const told = (postId: number, app: TestApp = t) => app.app.fediverse.sync(postId);

describe('posts reach the followers', () => {
  it('a post that goes live arrives once as a Create; an edit followers see as an Update; taken down, a Delete', async () => {
    const post = await publish('told-once');
    await told(post.id);
    expect(await queued()).toHaveLength(1);
    await t.app.fediverse.deliverDue();
    // Sent: asked again, nothing goes twice.
    await t.app.fediverse.deliverDue();
    // Her server handles what its inbox took after answering it.
    await expect.poll(() => peer.posts.length).toBe(1);
    const create = peer.posts[0];
    expect(create).toBeInstanceOf(Create);
    const article = await create?.getObject();
    expect(article).toBeInstanceOf(Article);
    expect(article?.name?.toString()).toBe('Told to followers told-once');
    expect(article?.summary?.toString()).toBe('A post the followers on the fediverse hear of.');
    expect(article?.url?.href).toBe(`${site}/blog/told-once`);
    expect(article?.id?.href).toBe(`${site}/ap/posts/told-once`);
    const tags: string[] = [];
    for await (const tag of article?.getTags() ?? [])
      if (tag instanceof Hashtag) tags.push(tag.name?.toString() ?? '');
    expect(tags).toEqual(['#Locksmith', '#Carkeys']);
    // Sent, it is gone from the queue.
    expect(await queued()).toEqual([]);

    // An edit of the body alone changes nothing the followers see: nothing is sent.
    await owners('PATCH', `/api/admin/posts/${post.id}`, {
      content: 'Another body, also long enough to be a post, well over fifty characters in length.',
    });
    expect(await t.app.fediverse.sync(post.id)).toBe(0);
    expect(await queued()).toHaveLength(0);

    await owners('PATCH', `/api/admin/posts/${post.id}`, { title: 'Told to followers, retitled' });
    await told(post.id);
    expect(await queued()).toHaveLength(1);
    await t.app.fediverse.deliverDue();
    await expect.poll(() => peer.posts.length).toBe(2);
    expect(peer.posts[1]).toBeInstanceOf(Update);
    expect((await peer.posts[1]?.getObject())?.name?.toString()).toBe('Told to followers, retitled');

    // A new address is a new object: the old one is taken down, the new one created.
    await owners('PATCH', `/api/admin/posts/${post.id}`, { slug: 'told-once-moved' });
    await told(post.id);
    expect(await queued()).toHaveLength(2);
    await t.app.fediverse.deliverDue();
    await expect.poll(() => peer.posts.length).toBe(4);
    // Sent in the same round, they may arrive in either order (they name different objects).
    const moved = peer.posts
      .slice(2)
      .map((activity) => `${activity.constructor.name} ${activity.objectId?.href}`);
    expect(moved.sort()).toEqual([
      `Create ${site}/ap/posts/told-once-moved`,
      `Delete ${site}/ap/posts/told-once`,
    ]);

    await owners('PATCH', `/api/admin/posts/${post.id}`, { isPublished: false });
    await told(post.id);
    expect(await queued()).toHaveLength(1);
    await t.app.fediverse.deliverDue();
    await expect.poll(() => peer.posts.length).toBe(5);
    expect(peer.posts[4]).toBeInstanceOf(Delete);
    expect(peer.posts[4]?.objectId?.href).toBe(`${site}/ap/posts/told-once-moved`);
    expect(peer.posts).toHaveLength(5);
  });

  it("the owner's answer to a reply from the fediverse goes back as a reply that mentions its author", async () => {
    const earlier = peer.posts.length;
    await told((await publish('answered-back')).id);
    expect(await queued()).toHaveLength(1);
    await t.app.fediverse.deliverDue();
    await expect.poll(() => peer.posts.length).toBe(earlier + 1);
    const before = peer.posts.length;
    const ctx = peer.context();
    const blog = (await ctx.lookupObject(`${site}/ap/actors/blog`)) as Person;
    const alice = ctx.getActorUri('alice');
    const question = new Note({
      id: new URL(`${alice.href}/notes/answered-back`),
      attribution: alice,
      replyTarget: new URL(`${site}/ap/posts/answered-back`),
      content: '<p><a href="#">@jordan</a> Does it work on a 2016 fob?</p>',
    });
    await ctx.sendActivity(
      { identifier: 'alice' },
      blog,
      new Create({ id: new URL(`${question.id?.href}/activity`), actor: alice, object: question }),
    );
    const [stored] = await t.database.db
      .select()
      .from(comments)
      .where(eq(comments.activityId, question.id?.href ?? ''));
    if (!stored) throw new Error('the reply was not kept');
    const answered = await owners('POST', `/api/admin/comments/${stored.id}/reply`, {
      content: 'It does.\n\nThe 2016 fob takes a CR2032.',
    });
    // Told in turn after the one the answer set off: once through, that one is too.
    await t.app.fediverse.answerBack({ replyId: answered.id, commentId: stored.id });
    expect(await queued()).toHaveLength(1);
    await t.app.fediverse.deliverDue();
    await expect.poll(() => peer.posts.length).toBe(before + 1);
    const create = peer.posts.at(-1);
    expect(create).toBeInstanceOf(Create);
    const note = await create?.getObject();
    expect(note).toBeInstanceOf(Note);
    expect(note?.replyTargetId?.href).toBe(question.id?.href);
    const host = new URL(peer.base).host;
    expect(note?.content?.toString()).toBe(
      `<p><span class="h-card"><a href="${alice.href}" class="u-url mention">@alice@${host}</a></span> It does.</p><p>The 2016 fob takes a CR2032.</p>`,
    );
    const mentions: string[] = [];
    for await (const tag of note?.getTags() ?? [])
      if (tag instanceof Mention) mentions.push(tag.href?.href ?? '');
    expect(mentions).toEqual([alice.href]);
    expect(note?.url?.href).toBe(`${site}/blog/answered-back#comment-${answered.id}`);
    // Sent once, however often the sender looks.
    await t.app.fediverse.deliverDue();
    expect(peer.posts).toHaveLength(before + 1);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'with two processes on one PostgreSQL, each post reaches each inbox exactly once',
    async () => {
      const b = await createTestApp({
        seed: false,
        databaseUrl: t.database.url,
        env: { OUTBOUND_ALLOW_PRIVATE_ADDRESSES: '1', PUBLIC_URL: site },
      });
      try {
        const before = peer.posts.length;
        await told((await publish('told-by-one-of-two')).id);
        expect(await queued()).toHaveLength(1);
        // Both processes' senders look at once, twice each: one takes it.
        await Promise.all([
          t.app.fediverse.deliverDue(),
          b.app.fediverse.deliverDue(),
          t.app.fediverse.deliverDue(),
          b.app.fediverse.deliverDue(),
        ]);
        await expect.poll(() => peer.posts.length).toBe(before + 1);
        // Nothing is left for either to send.
        expect(await queued()).toEqual([]);
        expect(await Promise.all([t.app.fediverse.deliverDue(), b.app.fediverse.deliverDue()])).toEqual([
          false,
          false,
        ]);
      } finally {
        await b.close();
      }
    },
  );

  it('a server that fails is tried again later; one that is gone is given up with its followers', async () => {
    const before = peer.posts.length;
    peer.answerInbox(503);
    await told((await publish('told-after-a-failure')).id);
    expect(await queued()).toHaveLength(1);
    await t.app.fediverse.deliverDue();
    // Fedify queued it again, for later.
    const [waiting, ...more] = await queued();
    expect(more).toEqual([]);
    expect(waiting?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: nothing is sent.
    await t.app.fediverse.deliverDue();
    expect(peer.posts).toHaveLength(before);

    // Its time come and the server back: it arrives.
    peer.answerInbox(null);
    await t.database.db.execute(
      sql`update fediverse_queue set next_attempt_at = now() where status = 'pending'`,
    );
    await t.app.fediverse.deliverDue();
    await expect.poll(() => peer.posts.length).toBe(before + 1);
    expect(peer.posts.at(-1)).toBeInstanceOf(Create);

    // Gone for good: given up at once, and its follower removed.
    peer.answerInbox(410);
    await told((await publish('told-to-a-gone-server')).id);
    expect(await queued()).toHaveLength(1);
    await t.app.fediverse.deliverDue();
    // Not tried again: nothing waits.
    expect(await queued()).toEqual([]);
    expect(
      await t.database.db.select().from(fediverseFollowers).where(eq(fediverseFollowers.state, 'accepted')),
    ).toEqual([]);
    peer.answerInbox(null);
  });
});

describe('an inbox on this machine or its network (issue 62, point 4)', () => {
  it('gets no delivery: the copy is refused by the outbound module before any connection', async () => {
    let asked = 0;
    const inbox = createHttpServer((request, response) => {
      asked += 1;
      request.resume();
      response.writeHead(202).end();
    });
    await new Promise<void>((resolve) => inbox.listen(0, '127.0.0.1', resolve));
    const inboxUrl = `http://127.0.0.1:${(inbox.address() as { port: number }).port}/users/eve/inbox`;
    const port = await freePort();
    // A site as it runs: no private address reachable (OUTBOUND_ALLOW_PRIVATE_ADDRESSES unset).
    const guarded = await createTestApp({ seed: false, env: { PUBLIC_URL: `http://127.0.0.1:${port}` } });
    try {
      // A follower whose actor document named an inbox on this machine (one kept before the rule).
      await guarded.database.db.insert(fediverseFollowers).values({
        actorUri: 'https://social.example/users/eve',
        followId: 'https://social.example/users/eve#follow',
        inbox: inboxUrl,
        handle: '@eve@social.example',
        server: 'social.example',
      });
      const admin = await guarded.signIn('admin');
      const published = await guarded.writePost(admin, {
        title: 'Told to nobody on this network',
        slug: 'private-inbox',
        ...samplePostText,
        isPublished: true,
      });
      expect(published.statusCode, published.body).toBe(201);
      const rows = () => guarded.database.db.select().from(fediverseQueue);
      await told(published.json().id, guarded);
      expect(await rows()).toHaveLength(1);
      await guarded.app.fediverse.deliverDue();
      // Refused by the connection: Fedify keeps it for a later try, which is refused alike.
      const [row] = await rows();
      expect(row?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
      await guarded.database.db.execute(sql`update fediverse_queue set next_attempt_at = now()`);
      await guarded.app.fediverse.deliverDue();
      expect(asked).toBe(0);
    } finally {
      await guarded.close();
      await new Promise((resolve) => inbox.close(resolve));
    }
  });
});
