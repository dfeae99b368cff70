/**
 * What Mastodon sees (issue 64), played by a server written without Fedify (mastodon-peer.ts): its
 * signatures made and checked with Misskey's library, the draft Mastodon verifies (an RFC 9421
 * signature refused, as a server that only knows the draft does). Bob on that server follows the
 * blog, reads its posts, likes them and leaves.
 */
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, fediverseFollowers, fediverseReactions } from '../../db/schema.ts';
import { type Mastodon, startMastodon } from '../../testing/mastodon-peer.ts';
import { freePort } from '../../testing/ports.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { unreachableBecause } from './settings.ts';

const AP = 'application/activity+json';
// biome-ignore lint/suspicious/noExplicitAny: activities are read as the JSON they are.
type Json = any;

let t: TestApp;
let site: string;
let bob: Mastodon;
let owner: string;
/** What the site logged, a line each (JSON). */
const logged: Json[] = [];

beforeAll(async () => {
  const port = await freePort();
  site = `http://127.0.0.1:${port}`;
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logged.push(JSON.parse(line));
      done();
    },
  });
  t = await createTestApp({
    env: { OUTBOUND_ALLOW_PRIVATE_ADDRESSES: '1', PUBLIC_URL: site },
    logger: { level: 'warn', stream },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  bob = await startMastodon();
  owner = await t.signIn('admin');
});
afterAll(async () => {
  await bob?.close();
  await t?.close();
});

const inbox = () => `${site}/ap/inbox`;
const blogActor = () => `${site}/ap/actors/blog`;
/** Everything the queue holds sent now, as the site's job sends it. */
const sendQueued = async () => {
  while (await t.app.fediverse.deliverDue());
};
/** What Bob's inbox took of a type. */
const took = (type: string) => bob.received.filter((activity) => activity.type === type);
const owners = async (method: 'POST' | 'PATCH', url: string, payload: object) => {
  const answer = await t.app.inject({ method, url, headers: { cookie: owner }, payload });
  expect(answer.statusCode, answer.body).toBeLessThan(300);
  return answer.json();
};
const publish = async (slug: string) =>
  (await owners('POST', '/api/blog', {
    title: `For Bob ${slug}`,
    slug,
    summary: 'A post a Mastodon user follows.',
    content: 'A body that is long enough to be a post, well over fifty characters in length.',
    isPublished: true,
  })) as { id: number };
const follow = async (fragment: string) => {
  const status = await bob.send(inbox(), {
    id: `${bob.actorId()}#${fragment}`,
    type: 'Follow',
    actor: bob.actorId(),
    object: blogActor(),
  });
  return status;
};
const followers = () => t.database.db.select().from(fediverseFollowers);
/**
 * What a post's change queued, sent: the change is told in turn after the one its write set off
 * (so once this is through, that one is too), then the queue is sent. Bob's inbox keeps what it
 * took before it answers.
 */
const toldAndSent = async (postId: number) => {
  await t.app.fediverse.sync(postId);
  await sendQueued();
};

describe('a Mastodon user follows', () => {
  it('is answered at once whatever his inbox does; the Accept follows from the queue, in the draft signature his server verifies', async () => {
    bob.answerInbox('never');
    expect(await follow('follow-1')).toBe(202);
    bob.answerInbox(500);
    // His inbox failing is no failure of his Follow.
    expect(await follow('follow-1')).toBe(202);
    expect(await followers()).toEqual([
      expect.objectContaining({ actorUri: bob.actorId(), state: 'accepted' }),
    ]);
    await sendQueued();
    expect(took('Accept')).toEqual([]);
    bob.answerInbox(null);
    await t.database.db.execute(sql`update fediverse_queue set next_attempt_at = now()`);
    await sendQueued();
    expect(took('Accept').length).toBeGreaterThan(0);
    // Taken by his inbox: signed as his server verifies (the draft, with its Digest).
    expect(took('Accept')[0]).toMatchObject({ actor: blogActor() });
  });

  it("logs a failed delivery's reason in the site's log (Fedify's log through the site's)", async () => {
    bob.answerInbox(500);
    try {
      await toldAndSent((await publish('logged-failure')).id);
      expect(logged).toContainEqual(
        expect.objectContaining({
          category: 'fedify.federation.outbox',
          msg: expect.stringMatching(/Failed to send activity .*500/),
        }),
      );
    } finally {
      bob.answerInbox(null);
    }
    await t.database.db.execute(sql`update fediverse_queue set next_attempt_at = now()`);
    await sendQueued();
  });
});

describe('what the blog sends, as Mastodon reads it', () => {
  it('a post unpublished and published again reaches him again, as a new object; the old one stays gone', async () => {
    const post = await publish('comes-back');
    await toldAndSent(post.id);
    expect(took('Create').map((c) => c.object.id)).toContain(`${site}/ap/posts/comes-back`);
    await owners('PATCH', `/api/admin/posts/${post.id}`, { isPublished: false });
    await toldAndSent(post.id);
    expect(took('Delete').map((d) => d.object.id)).toContain(`${site}/ap/posts/comes-back`);
    await owners('PATCH', `/api/admin/posts/${post.id}`, { isPublished: true });
    await toldAndSent(post.id);
    expect(took('Create').map((c) => c.object.id)).toContain(`${site}/ap/posts/comes-back~2`);
    // The new object can be fetched; the one he keeps a tombstone for is not there.
    const fresh = await fetch(`${site}/ap/posts/comes-back~2`, { headers: { accept: AP } });
    expect(fresh.status).toBe(200);
    expect(((await fresh.json()) as Json).id).toBe(`${site}/ap/posts/comes-back~2`);
    expect((await fetch(`${site}/ap/posts/comes-back`, { headers: { accept: AP } })).status).toBe(404);
    // The post's page, asked for as ActivityPub, is its current Article.
    const page = await fetch(`${site}/blog/comes-back`, { headers: { accept: AP } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/activity\+json/);
    expect(((await page.json()) as Json).id).toBe(`${site}/ap/posts/comes-back~2`);
  });

  it('an edit arrives as an Update whose object says when it was edited; the avatar is a PNG', async () => {
    const post = await publish('edited-for-bob');
    await toldAndSent(post.id);
    expect(took('Create').map((c) => c.object.name)).toContain('For Bob edited-for-bob');
    await owners('PATCH', `/api/admin/posts/${post.id}`, { title: 'Edited for Bob' });
    await toldAndSent(post.id);
    expect(took('Update').map((u) => u.object.name)).toContain('Edited for Bob');
    const update = took('Update').find((u) => u.object.name === 'Edited for Bob');
    expect(Date.parse(update.object.updated)).toBeGreaterThan(Date.parse(update.object.published));

    const actor = (await (await fetch(blogActor(), { headers: { accept: AP } })).json()) as Json;
    expect(actor.icon).toMatchObject({ type: 'Image', mediaType: 'image/png' });
    const icon = await fetch(actor.icon.url);
    expect(icon.headers.get('content-type')).toBe('image/png');
    expect(await sharp(Buffer.from(await icon.arrayBuffer())).metadata()).toMatchObject({
      format: 'png',
      width: 400,
      height: 400,
    });
  });

  it("the owner's answer to his reply can be fetched at its id while it is shown", async () => {
    await toldAndSent((await publish('answered-for-bob')).id);
    expect(took('Create').map((c) => c.object.name)).toContain('For Bob answered-for-bob');
    const noteId = `${bob.actorId()}/statuses/1`;
    expect(
      await bob.send(inbox(), {
        id: `${noteId}/activity`,
        type: 'Create',
        actor: bob.actorId(),
        object: {
          id: noteId,
          type: 'Note',
          attributedTo: bob.actorId(),
          inReplyTo: `${site}/ap/posts/answered-for-bob`,
          content: '<p>Does this work on a 2016 fob?</p>',
          to: ['https://www.w3.org/ns/activitystreams#Public'],
        },
      }),
    ).toBe(202);
    const [reply] = await t.database.db.select().from(comments).where(eq(comments.activityId, noteId));
    if (!reply) throw new Error('the reply was not kept');
    const answer = await owners('POST', `/api/admin/comments/${reply.id}/reply`, { content: 'It does.' });
    // Told in turn after the one the answer set off: once through, that one is too.
    await t.app.fediverse.answerBack({ replyId: answer.id, commentId: reply.id });
    await sendQueued();
    const note = took('Create').find((c) => c.object.inReplyTo === noteId)?.object;
    expect(note).toBeDefined();
    const fetched = await fetch(note.id, { headers: { accept: AP } });
    expect(fetched.status).toBe(200);
    expect((await fetched.json()) as Json).toMatchObject({ id: note.id, type: 'Note', inReplyTo: noteId });
  });

  it('an Undo of his like is matched by who liked what, as Mastodon matches it', async () => {
    const post = await publish('liked-by-bob');
    const object = `${site}/ap/posts/liked-by-bob`;
    expect(
      await bob.send(inbox(), { id: `${bob.actorId()}#likes/1`, type: 'Like', actor: bob.actorId(), object }),
    ).toBe(202);
    const likes = () =>
      t.database.db.select().from(fediverseReactions).where(eq(fediverseReactions.postId, post.id));
    expect(await likes()).toHaveLength(1);
    // Undone with the Like as his server rebuilt it: another id, the same actor and object.
    expect(
      await bob.send(inbox(), {
        id: `${bob.actorId()}#likes/1/undo`,
        type: 'Undo',
        actor: bob.actorId(),
        object: { id: `${bob.actorId()}#likes/other`, type: 'Like', actor: bob.actorId(), object },
      }),
    ).toBe(202);
    expect(await likes()).toEqual([]);
  });
});

describe('an account that leaves', () => {
  it('is no longer a follower after its Delete, signed, or once its server answers 410 for it', async () => {
    expect(await follow('follow-again')).toBe(202);
    expect(await followers()).toHaveLength(1);
    expect(
      await bob.send(inbox(), {
        id: `${bob.actorId()}#delete`,
        type: 'Delete',
        actor: bob.actorId(),
        object: bob.actorId(),
        to: ['https://www.w3.org/ns/activitystreams#Public'],
      }),
    ).toBe(202);
    expect(await followers()).toEqual([]);

    // Carol followed before the site last started (the keys it read are not kept across a start),
    // then deleted her account: her actor answers 410.
    const carol = bob.actorId('carol');
    await t.database.db.insert(fediverseFollowers).values({
      actorUri: carol,
      followId: `${carol}#follow`,
      inbox: `${carol}/inbox`,
      handle: bob.handle('carol'),
      server: new URL(bob.base).host,
    });
    bob.deleteAccount('carol');
    const leaving = { id: `${carol}#delete`, type: 'Delete', actor: carol, object: carol };
    // Her key cannot be read (410): the Delete cannot be verified, but her own server says she is gone.
    expect(await bob.send(inbox(), leaving, 'carol')).toBe(202);
    expect(await followers()).toEqual([]);
    // Anything else signed with her key is refused: nothing verifies it.
    expect(
      await bob.send(
        inbox(),
        { id: `${carol}#like`, type: 'Like', actor: carol, object: blogActor() },
        'carol',
      ),
    ).toBe(401);
  });
});

describe("the owner's page says whether other servers can reach the site", () => {
  it('names the reason nobody can follow: no PUBLIC_URL, or one on this machine or a private network', async () => {
    expect(unreachableBecause(undefined)).toBe('no-public-url');
    for (const address of [
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
      'https://10.0.0.5',
      'https://jordan.local',
      'http://server',
    ]) {
      expect(unreachableBecause(address), address).toBe('private-address');
    }
    expect(unreachableBecause('https://jordan.dev')).toBeNull();
    expect(unreachableBecause('https://93.184.215.14')).toBeNull();
    const answer = await t.app.inject({ url: '/api/admin/fediverse', headers: { cookie: owner } });
    expect(answer.json()).toMatchObject({ unreachable: 'private-address', siteUrl: site });
  });
});
