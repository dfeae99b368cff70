/**
 * The blog on the fediverse (issue 47, points 2, 3 and 6), checked against an ActivityPub server
 * this project did not write: a follower built with Fedify inside the test, on 127.0.0.1. It finds
 * the blog by WebFinger, reads the actor, follows (and gets Accept), is listed among the followers,
 * takes its follow back; an unsigned or wrongly signed post to the inbox is refused; the owner
 * blocks it (as a person, then its whole server) and it is refused. A reply to a post becomes a
 * comment awaiting moderation (with its author's avatar kept here), and its Delete removes it; a like and a boost are counted on the
 * post and listed for the owner until their Undo or a block (point 5).
 */
import { Announce, Create, Delete, Follow, Like, Note, Person, Undo } from '@fedify/fedify/vocab';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  comments,
  fediverseFollowers,
  fediverseQueue,
  fediverseReactions,
  rateCounters,
} from '../../db/schema.ts';
import { follow as followAs, type Peer, startPeer } from '../../testing/fediverse-peer.ts';
import { caller, createTestApp, freshIp, type TestApp } from '../../testing/test-app.ts';
import { INBOX_PER_ADDRESS, pageFor } from './routes.ts';
import { defaultHandleName } from './settings.ts';

const ACTIVITY = 'application/activity+json';

let t: TestApp;
let site: string;
let peer: Peer;

beforeAll(async () => {
  t = await createTestApp({ env: { OUTBOUND_ALLOW_PRIVATE_ADDRESSES: '1' } });
  site = await t.app.listen({ port: 0, host: '127.0.0.1' });
  peer = await startPeer();
});
afterAll(async () => {
  await peer?.close();
  await t?.close();
});

const actorUri = () => `${site}/ap/actors/blog`;
/** What the blog queued (a Follow's answer) sent now, as its job would. */
const sent = () => t.app.fediverse.deliverDue();
const get = (path: string, accept = ACTIVITY) => fetch(`${site}${path}`, { headers: { accept } });
/** An activity about someone else's object, posted to the inbox unsigned, by an actor of no server. */
const fromSomeoneElse = (type: 'Delete' | 'Undo', object: string | undefined) =>
  fetch(`${site}/ap/inbox`, {
    method: 'POST',
    headers: { 'content-type': ACTIVITY },
    body: JSON.stringify({
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${site}/someone#${type.toLowerCase()}`,
      type,
      actor: `${site}/someone`,
      object,
    }),
  });

/** The other server's side: its context, the blog as it reads it, and one of its people by name. */
async function fromPeer(name: string) {
  const ctx = peer.context();
  const blog = (await ctx.lookupObject(actorUri())) as Person;
  return { ctx, blog, person: ctx.getActorUri(name) };
}

/** The blog's newest post, as its public list gives it. */
async function firstPost() {
  const [post] = (await (await fetch(`${site}/api/blog`)).json()) as {
    id: number;
    slug: string;
    title: string;
  }[];
  if (!post) throw new Error('no post');
  return post;
}

describe('the blog as an actor', () => {
  it('is found by WebFinger as @<name>@<host>, the name from the profile by default', async () => {
    expect(defaultHandleName('Jordan Ellis')).toBe('jordan');
    expect(defaultHandleName('Zoë Ann')).toBe('zoe');
    const host = new URL(site).host;
    const answer = await get(
      `/.well-known/webfinger?resource=${encodeURIComponent(`acct:jordan@${host}`)}`,
      'application/jrd+json',
    );
    expect(answer.status).toBe(200);
    const jrd = (await answer.json()) as {
      subject: string;
      links: { rel: string; type?: string; href?: string }[];
    };
    expect(jrd.subject).toBe(`acct:jordan@${host}`);
    expect(jrd.links).toContainEqual(
      expect.objectContaining({ rel: 'self', type: ACTIVITY, href: actorUri() }),
    );
    const unknown = await get(`/.well-known/webfinger?resource=${encodeURIComponent(`acct:nobody@${host}`)}`);
    expect(unknown.status).toBe(404);
  });

  it('reads, to another server, as the owner with a public key, an outbox of the posts and its followers', async () => {
    const actor = await peer.context().lookupObject(actorUri());
    expect(actor).toBeInstanceOf(Person);
    const person = actor as Person;
    expect(person.preferredUsername?.toString()).toBe('jordan');
    expect(person.name?.toString()).toBe('Jordan Ellis');
    expect(person.url?.toString()).toBe(`${site}/`);
    expect(person.inboxId?.href).toBe(`${actorUri()}/inbox`);
    expect(person.endpoints?.sharedInbox?.href).toBe(`${site}/ap/inbox`);
    const key = await person.getPublicKey();
    expect(key?.ownerId?.href).toBe(actorUri());
    const outbox = (await (await get('/ap/actors/blog/outbox')).json()) as {
      totalItems: number;
      first: string;
    };
    const published = (await (await fetch(`${site}/api/blog`)).json()) as unknown[];
    expect(outbox.totalItems).toBe(published.length);
    const page = (await (await fetch(outbox.first, { headers: { accept: ACTIVITY } })).json()) as {
      orderedItems: { type: string; object: { type: string; name: string; url: string } }[];
    };
    expect(page.orderedItems[0]).toMatchObject({ type: 'Create', object: { type: 'Article' } });
    expect(page.orderedItems[0]?.object.url).toMatch(new RegExp(`^${site}/blog/`));
  });

  it('says what it is by NodeInfo', async () => {
    const links = (await (await get('/.well-known/nodeinfo', 'application/json')).json()) as {
      links: { href: string }[];
    };
    const info = (await (await fetch(links.links[0]?.href ?? '')).json()) as {
      software: { name: string };
      protocols: string[];
    };
    expect(info.software.name).toBe('portfolio-site');
    expect(info.protocols).toEqual(['activitypub']);
  });

  it('sends a browser that opens an ActivityPub address to the page it stands for', async () => {
    const answer = await fetch(actorUri(), { headers: { accept: 'text/html' }, redirect: 'manual' });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/');
    expect(pageFor('/ap/posts/my-post')).toBe('/blog/my-post');
  });
});

describe('followers', () => {
  const followers = () => t.database.db.select().from(fediverseFollowers);

  it('a Follow is answered with Accept and the follower is listed; an Undo takes it away', async () => {
    const { ctx, blog, person: alice } = await fromPeer('alice');
    const follow = new Follow({ id: new URL(`${alice.href}#follow-1`), actor: alice, object: blog.id });
    await ctx.sendActivity({ identifier: 'alice' }, blog, follow);
    // Answered from the queue, after the Follow's own answer.
    await sent();
    await expect.poll(() => peer.accepted.length).toBe(1);
    expect(peer.accepted[0]?.objectId?.href).toBe(follow.id?.href);
    const [row] = await followers();
    expect(row).toMatchObject({
      actorUri: alice.href,
      inbox: `${alice.href}/inbox`,
      handle: `@alice@${new URL(peer.base).host}`,
      name: 'Alice Example',
      server: new URL(peer.base).host,
      state: 'accepted',
    });
    const collection = (await (await get('/ap/actors/blog/followers')).json()) as { totalItems: number };
    expect(collection.totalItems).toBe(1);

    // The same Follow again (a retry) keeps one row.
    await ctx.sendActivity({ identifier: 'alice' }, blog, follow);
    expect(await followers()).toHaveLength(1);

    await ctx.sendActivity(
      { identifier: 'alice' },
      blog,
      new Undo({ id: new URL(`${alice.href}#undo-1`), actor: alice, object: follow }),
    );
    expect(await followers()).toHaveLength(0);
  });

  it("answers a Follow at once whatever the follower's inbox does: one that never answers, one that fails (issue 64)", async () => {
    const { ctx, blog, person: alice } = await fromPeer('alice');
    await sent();
    const before = peer.accepted.length;
    let last: Follow | undefined;
    try {
      for (const [mode, fragment] of [
        ['never', 'follow-while-hung'],
        [500, 'follow-while-failing'],
      ] as const) {
        peer.answerInbox(mode);
        last = new Follow({ id: new URL(`${alice.href}#${fragment}`), actor: alice, object: blog.id });
        // Her server's post is answered 2xx (sendActivity throws otherwise) without waiting for hers.
        await ctx.sendActivity({ identifier: 'alice' }, blog, last);
        expect(await followers()).toEqual([
          expect.objectContaining({ followId: last.id?.href, state: 'accepted' }),
        ]);
      }
      // Her inbox failing, the Accepts wait for a later try; nothing is lost.
      await sent();
      expect(peer.accepted).toHaveLength(before);
      expect((await t.database.db.select().from(fediverseQueue)).length).toBeGreaterThan(0);
    } finally {
      peer.answerInbox(null);
    }
    await t.database.db.execute(sql`update fediverse_queue set next_attempt_at = now()`);
    await sent();
    await expect
      .poll(() => peer.accepted.slice(before).map((accept) => accept.objectId?.href))
      .toContain(last?.id?.href);
    await ctx.sendActivity(
      { identifier: 'alice' },
      blog,
      new Undo({ id: new URL(`${alice.href}#undo-after-waiting`), actor: alice, object: last }),
    );
    expect(await followers()).toHaveLength(0);
  });

  it('refuses an unsigned activity and one whose body was changed after signing, storing nothing', async () => {
    const alice = peer.context().getActorUri('alice').href;
    const body = activity(alice, 'Follow', 'follow-unsigned', actorUri());
    const unsigned = await fetch(`${actorUri()}/inbox`, {
      method: 'POST',
      headers: { 'content-type': ACTIVITY },
      body,
    });
    expect(unsigned.status).toBe(401);

    // Signed by Alice's server for one body, sent with another.
    const signed = await signedRequest(peer, `${actorUri()}/inbox`, body);
    const tampered = await fetch(signed.url, {
      method: 'POST',
      headers: signed.headers,
      body: body.replace('follow-unsigned', 'follow-tampered'),
    });
    expect(tampered.status).toBe(401);
    expect(
      await t.database.db.select().from(fediverseFollowers).where(eq(fediverseFollowers.actorUri, alice)),
    ).toEqual([]);
  });

  it('answers 202 to an activity it does not act on, and refuses a body over the limit', async () => {
    const alice = peer.context().getActorUri('alice').href;
    const listen = activity(alice, 'Listen', 'listen-1', `${site}/`);
    const signed = await signedRequest(peer, `${site}/ap/inbox`, listen);
    expect((await fetch(signed)).status).toBe(202);
    const big = await fetch(`${site}/ap/inbox`, {
      method: 'POST',
      headers: { 'content-type': ACTIVITY },
      body: JSON.stringify({ type: 'Note', content: 'x'.repeat(300 * 1024) }),
    });
    expect(big.status).toBe(413);
  });
});

/** An activity of Alice's as JSON: its type, the fragment of its id, and its object. */
const activity = (alice: string, type: string, fragment: string, object: string) =>
  JSON.stringify({
    '@context': 'https://www.w3.org/ns/activitystreams',
    id: `${alice}#${fragment}`,
    type,
    actor: alice,
    object,
  });

/** A request to `url` with `body`, signed by Alice's key as her server would sign it. */
async function signedRequest(from: Peer, url: string, body: string) {
  const { signRequest } = await import('@fedify/fedify');
  const [key] = await from.context().getActorKeyPairs('alice');
  if (!key) throw new Error('no key');
  return signRequest(
    new Request(url, { method: 'POST', headers: { 'content-type': ACTIVITY }, body }),
    from.pair.privateKey,
    key.keyId,
  );
}

describe('a server that may not reach private addresses (the default)', () => {
  it('cannot fetch the key of an actor on 127.0.0.1, so its Follow is refused and nothing is stored', async () => {
    const guarded = await createTestApp({ seed: false });
    try {
      const guardedSite = await guarded.app.listen({ port: 0, host: '127.0.0.1' });
      const alice = peer.context().getActorUri('alice').href;
      const body = activity(alice, 'Follow', 'follow-guarded', `${guardedSite}/ap/actors/blog`);
      const answer = await fetch(await signedRequest(peer, `${guardedSite}/ap/actors/blog/inbox`, body));
      expect(answer.status).toBe(401);
      expect(await guarded.database.db.select().from(fediverseFollowers)).toEqual([]);
    } finally {
      await guarded.close();
    }
  });
});

describe('limits per remote server', () => {
  // A site whose limit is three activities a minute per server.
  let limited: TestApp;
  let limitedSite: string;
  beforeEach(async () => {
    limited = await createTestApp({
      seed: false,
      env: { OUTBOUND_ALLOW_PRIVATE_ADDRESSES: '1', FEDIVERSE_INBOX_LIMIT: '3' },
    });
    limitedSite = await limited.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(() => limited.close());
  const alice = () => peer.context().getActorUri('alice').href;
  /** A Listen of nothing from Alice: signed, verified, and answered 202 (nothing to act on). */
  const signedListen = async (n: number) => {
    const body = activity(alice(), 'Listen', `listen-${n}`, `${limitedSite}/nothing`);
    return fetch(await signedRequest(peer, `${limitedSite}/ap/inbox`, body));
  };

  it('a server that posts more than its share a minute is answered 429 until the minute ends; others are not', async () => {
    expect([
      (await signedListen(1)).status,
      (await signedListen(2)).status,
      (await signedListen(3)).status,
    ]).toEqual([202, 202, 202]);
    const refused = await signedListen(4);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    // Another server is counted apart (this one signs nothing: refused as unsigned, not as too many).
    const other = await fetch(`${limitedSite}/ap/inbox`, {
      method: 'POST',
      headers: { 'content-type': ACTIVITY },
      body: activity('https://other.example/users/bob', 'Listen', 'l', `${limitedSite}/nothing`),
    });
    expect(other.status).toBe(401);
  });

  it('an unsigned body naming a server neither uses up its minute nor writes a counter; each address has its limit (issue 62)', async () => {
    const unsigned = (actor: string, n: number, ip = freshIp()) =>
      limited.app.inject({
        method: 'POST',
        url: '/ap/inbox',
        remoteAddress: ip,
        headers: { 'content-type': ACTIVITY },
        payload: activity(actor, 'Listen', `claimed-${n}`, `${limitedSite}/nothing`),
      });
    // Six posts that only claim to be Alice's server: refused, and her minute untouched.
    for (let n = 0; n < 6; n++) expect((await unsigned(alice(), n)).statusCode).toBe(401);
    // Seven hundred naming seven hundred servers: no row for any of them.
    for (let n = 0; n < 700; n++) {
      expect((await unsigned(`https://host-${n}.invalid/users/x`, n)).statusCode).toBe(401);
    }
    const counted = async () =>
      (await limited.database.db.select().from(rateCounters)).filter((row) =>
        row.key.startsWith('fediverse-inbox:'),
      );
    expect(await counted()).toEqual([]);
    expect([
      (await signedListen(1)).status,
      (await signedListen(2)).status,
      (await signedListen(3)).status,
    ]).toEqual([202, 202, 202]);
    expect((await signedListen(4)).status).toBe(429);
    expect((await counted()).map((row) => [row.key, row.count])).toEqual([
      [`fediverse-inbox:${new URL(peer.base).host}`, 3],
    ]);
    // One address posting made-up activities is stopped by its own limit, whatever they name.
    const ip = freshIp();
    for (let n = 0; n < INBOX_PER_ADDRESS.max; n++) {
      expect((await unsigned(`https://host-${n}.invalid/users/x`, n, ip)).statusCode).toBe(401);
    }
    expect((await unsigned('https://one-more.invalid/users/x', 0, ip)).statusCode).toBe(429);
  });
});

describe('the public address', () => {
  it('names every id after PUBLIC_URL; a site published under a sub-path starts too', async () => {
    const named = await createTestApp({ seed: false, env: { PUBLIC_URL: 'https://example.com' } });
    try {
      const actor = await named.app.inject({ url: '/ap/actors/blog', headers: { accept: ACTIVITY } });
      expect(actor.json()).toMatchObject({ id: 'https://example.com/ap/actors/blog' });
    } finally {
      await named.close();
    }
    const sub = await createTestApp({ seed: false, env: { PUBLIC_URL: 'https://user.github.io/site' } });
    await sub.close();
  });
});

describe("the owner's side", () => {
  it('chooses the name and approval; approves a waiting follower (Accept) and removes one (Reject)', async () => {
    const owner = await t.signIn('admin');
    // Over HTTP, as the dashboard's requests come: the follower's server saw the blog at this address.
    const call = async (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) => {
      const answer = await fetch(`${site}${url}`, {
        method,
        headers: { cookie: owner, ...(payload ? { 'content-type': 'application/json' } : {}) },
        ...(payload ? { body: JSON.stringify(payload) } : {}),
      });
      const body = await answer.text();
      return { statusCode: answer.status, body, json: () => JSON.parse(body) };
    };
    const host = new URL(site).host;

    // Only the owner.
    expect((await fetch(`${site}/api/admin/fediverse`)).status).toBe(401);
    const bad = await call('PUT', '/api/admin/fediverse', { name: 'Jordan Ellis!', approveFollowers: false });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Use letters, digits and underscores only');

    const saved = await call('PUT', '/api/admin/fediverse', { name: 'JordanWrites', approveFollowers: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      name: 'jordanwrites',
      approveFollowers: true,
      handle: `@jordanwrites@${new URL(t.config.publicUrl).host}`,
    });
    const finger = (name: string) =>
      get(`/.well-known/webfinger?resource=${encodeURIComponent(`acct:${name}@${host}`)}`);
    expect((await finger('jordanwrites')).status).toBe(200);
    expect((await finger('jordan')).status).toBe(404);
    const info = (await (await get('/api/fediverse', 'application/json')).json()) as { handle: string };
    expect(info.handle).toMatch(/^@jordanwrites@/);

    // A follower now waits: no Accept until the owner approves.
    const { ctx, blog, person: alice } = await fromPeer('alice');
    // (Read afresh: the other server keeps what it fetched before.)
    const fresh = (await (await get('/ap/actors/blog')).json()) as { manuallyApprovesFollowers: boolean };
    expect(fresh.manuallyApprovesFollowers).toBe(true);
    const before = peer.accepted.length;
    await ctx.sendActivity(
      { identifier: 'alice' },
      blog,
      new Follow({ id: new URL(`${alice.href}#follow-2`), actor: alice, object: blog.id }),
    );
    await sent();
    expect(peer.accepted).toHaveLength(before);
    const listed = (await call('GET', '/api/admin/fediverse')).json();
    expect(listed.followers).toEqual([
      expect.objectContaining({ handle: `@alice@${new URL(peer.base).host}`, state: 'pending' }),
    ]);
    expect(listed.followerCount).toBe(0);
    const id = listed.followers[0].id;
    expect((await call('POST', `/api/admin/fediverse/followers/${id}/accept`)).statusCode).toBe(200);
    await sent();
    await expect.poll(() => peer.accepted.length).toBe(before + 1);
    expect((await call('GET', '/api/admin/fediverse')).json().followerCount).toBe(1);

    expect((await call('DELETE', `/api/admin/fediverse/followers/${id}`)).statusCode).toBe(204);
    await sent();
    await expect.poll(() => peer.rejected.at(-1)?.objectId?.href).toBe(`${alice.href}#follow-2`);
    expect((await call('GET', '/api/admin/fediverse')).json().followers).toEqual([]);
    expect((await call('DELETE', `/api/admin/fediverse/followers/${id}`)).statusCode).toBe(404);
    await call('PUT', '/api/admin/fediverse', { name: 'jordan', approveFollowers: false });
  });
});

describe('blocks', () => {
  const signIn = async () => {
    const owner = await t.signIn('admin');
    return async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => {
      const answer = await fetch(`${site}${url}`, {
        method,
        headers: { cookie: owner, ...(payload ? { 'content-type': 'application/json' } : {}) },
        ...(payload ? { body: JSON.stringify(payload) } : {}),
      });
      const body = await answer.text();
      return { status: answer.status, body, json: () => (body ? JSON.parse(body) : null) };
    };
  };
  const aliceFollows = async (fragment: string) => {
    await followAs(peer, actorUri(), fragment);
    const listed = await t.database.db.select().from(fediverseFollowers);
    expect(listed.map((row) => row.handle)).toEqual([`@alice@${new URL(peer.base).host}`]);
    return listed[0]?.id ?? 0;
  };
  /** Alice's Follow sent signed, as her server would: the status the blog answers. */
  const followStatus = async (fragment: string) => {
    const alice = peer.context().getActorUri('alice').href;
    const body = activity(alice, 'Follow', fragment, actorUri());
    return (await fetch(await signedRequest(peer, `${actorUri()}/inbox`, body))).status;
  };

  it('blocks a person: removed with Reject, refused (403) and never stored after; unblocked, they follow again', async () => {
    const call = await signIn();
    const id = await aliceFollows('follow-before-block');
    const blocked = await call('POST', `/api/admin/fediverse/followers/${id}/block`, { scope: 'person' });
    expect(blocked.status, blocked.body).toBe(200);
    expect(blocked.json()).toMatchObject({
      followers: [],
      blocks: [{ kind: 'person', label: `@alice@${new URL(peer.base).host}` }],
    });
    await sent();
    await expect.poll(() => peer.rejected.at(-1)?.objectId?.href).toMatch(/#follow-before-block$/);

    expect(await followStatus('follow-while-blocked')).toBe(403);
    expect(await t.database.db.select().from(fediverseFollowers)).toEqual([]);

    const [block] = blocked.json().blocks;
    expect((await call('DELETE', `/api/admin/fediverse/blocks/${block.id}`)).status).toBe(204);
    expect((await call('DELETE', `/api/admin/fediverse/blocks/${block.id}`)).status).toBe(404);
    const again = await aliceFollows('follow-after-unblock');
    await call('DELETE', `/api/admin/fediverse/followers/${again}`);
    await sent();
    await expect.poll(() => peer.rejected.at(-1)?.objectId?.href).toMatch(/#follow-after-unblock$/);
  });

  it('blocks a whole server from a follower or by its name, and refuses a name that is no server', async () => {
    const call = await signIn();
    const host = new URL(peer.base).host;
    const id = await aliceFollows('follow-before-server-block');
    const rejects = peer.rejected.length;
    const blocked = await call('POST', `/api/admin/fediverse/followers/${id}/block`, { scope: 'server' });
    expect(blocked.json()).toMatchObject({ followers: [], blocks: [{ kind: 'server', label: host }] });
    // The Rejects go out after the answer, a few at a time, from the queue.
    await expect
      .poll(async () => {
        await sent();
        return peer.rejected.length;
      })
      .toBe(rejects + 1);
    expect(await followStatus('follow-from-blocked-server')).toBe(403);
    const [block] = blocked.json().blocks;
    await call('DELETE', `/api/admin/fediverse/blocks/${block.id}`);

    // By name, pasted as a handle: the same server, and its follower goes.
    await aliceFollows('follow-before-named-block');
    const named = await call('POST', '/api/admin/fediverse/blocks', {
      server: `@alice@${host.toUpperCase()}`,
    });
    expect(named.status, named.body).toBe(200);
    expect(named.json()).toMatchObject({ followers: [], blocks: [{ kind: 'server', label: host }] });
    expect(await followStatus('follow-from-named-server')).toBe(403);
    // Twice is one block.
    expect(
      (await call('POST', '/api/admin/fediverse/blocks', { server: `https://${host}/users/alice` })).json()
        .blocks,
    ).toHaveLength(1);
    await call('DELETE', `/api/admin/fediverse/blocks/${named.json().blocks[0].id}`);

    for (const server of ['', 'not a server', 'localhost', 'x'.repeat(260)]) {
      const refused = await call('POST', '/api/admin/fediverse/blocks', { server });
      expect(refused.status, server).toBe(400);
    }
    expect((await call('POST', '/api/admin/fediverse/blocks', { server: 'mastodon social' })).body).toContain(
      'Enter a server name, like mastodon.social',
    );
    expect((await call('GET', '/api/admin/fediverse')).json().blocks).toEqual([]);
    expect(
      (await call('POST', '/api/admin/fediverse/followers/999999/block', { scope: 'person' })).status,
    ).toBe(404);
  });

  it('a block of a server covers the servers under it, and no other', async () => {
    const { isBlocked } = await import('./settings.ts');
    const db = t.database.db;
    const call = await signIn();
    const named = await call('POST', '/api/admin/fediverse/blocks', { server: 'example.social' });
    expect(await isBlocked(db, 'https://example.social/users/a')).toBe(true);
    expect(await isBlocked(db, 'https://media.example.social/users/a')).toBe(true);
    expect(await isBlocked(db, 'https://notexample.social/users/a')).toBe(false);
    expect(await isBlocked(db, 'not a url')).toBe(false);
    await call('DELETE', `/api/admin/fediverse/blocks/${named.json().blocks[0].id}`);
    expect(await isBlocked(db, 'https://example.social/users/a')).toBe(false);
  });
});

describe('replies from the fediverse', () => {
  it('a reply to a post waits in moderation, shows under the post once approved, once; its author deletes it', async () => {
    const { ctx, blog, person: alice } = await fromPeer('alice');
    const post = await firstPost();
    const reply = new Note({
      id: new URL(`${alice.href}/notes/1`),
      attribution: alice,
      replyTarget: new URL(`${site}/ap/posts/${post.slug}`),
      content:
        '<p><a href="x">@<span>jordan</span></a> Does the 2016 model take the <b>same</b> battery?</p>',
    });
    const create = new Create({ id: new URL(`${alice.href}/notes/1/activity`), actor: alice, object: reply });
    await ctx.sendActivity({ identifier: 'alice' }, blog, create);
    // Delivered twice (a retry): one comment.
    await ctx.sendActivity({ identifier: 'alice' }, blog, create);

    const stored = await t.database.db
      .select()
      .from(comments)
      .where(eq(comments.activityId, reply.id?.href ?? ''));
    expect(stored).toEqual([
      expect.objectContaining({
        postId: post.id,
        name: 'Alice Example',
        email: '',
        content: 'Does the 2016 model take the same battery?',
        authorHandle: `@alice@${new URL(peer.base).host}`,
        authorActor: alice.href,
        isApproved: false,
      }),
    ]);
    const id = stored[0]?.id ?? 0;
    const publicList = async () =>
      (await (await fetch(`${site}/api/blog/post/${post.id}/comments`)).json()) as {
        id: number;
        fediverse?: { handle: string; profileUrl: string; avatar?: string | null } | null;
      }[];
    expect((await publicList()).map((comment) => comment.id)).not.toContain(id);

    const owner = await t.signIn('admin');
    const moderated = await t.app.inject({
      method: 'POST',
      url: '/api/admin/comments/moderate',
      headers: { cookie: owner },
      payload: { ids: [id], action: 'approve' },
    });
    expect(moderated.statusCode, moderated.body).toBeLessThan(300);
    // Her avatar: fetched once from her server, in the background, and kept here as a 96 px WebP.
    await expect
      .poll(
        async () => (await t.database.db.select().from(comments).where(eq(comments.id, id)))[0]?.authorAvatar,
      )
      .toMatch(/^\/uploads\/.+\.webp$/);
    const shown = (await publicList()).find((comment) => comment.id === id)?.fediverse;
    expect(shown).toEqual({
      handle: `@alice@${new URL(peer.base).host}`,
      profileUrl: alice.href,
      avatar: expect.stringMatching(/^\/uploads\/.+\.webp$/),
    });
    const picture = await fetch(`${site}${shown?.avatar}`);
    expect(picture.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(Buffer.from(await picture.arrayBuffer())).metadata()).toMatchObject({
      width: 96,
      height: 96,
    });
    expect(peer.avatarRequests()).toBe(1);

    // Someone else's Delete of it changes nothing; hers removes it.
    expect((await fromSomeoneElse('Delete', reply.id?.href)).status).toBe(401);
    await ctx.sendActivity(
      { identifier: 'alice' },
      blog,
      new Delete({ id: new URL(`${alice.href}/notes/1#delete`), actor: alice, object: reply.id }),
    );
    expect(await t.database.db.select().from(comments).where(eq(comments.id, id))).toEqual([]);
    expect((await publicList()).map((comment) => comment.id)).not.toContain(id);
  });

  it('a reply to nothing of the blog, or with no words, is not a comment', async () => {
    const { ctx, blog, person: alice } = await fromPeer('alice');
    const before = (await t.database.db.select().from(comments)).length;
    for (const [n, target, content] of [
      [2, `${site}/ap/posts/no-such-post`, '<p>Hello</p>'],
      [3, 'https://elsewhere.example/notes/9', '<p>Hello</p>'],
      [4, `${site}/ap/posts/one-schema-form-to-database`, '<p><a href="x">@jordan</a></p>'],
    ] as const) {
      const note = new Note({
        id: new URL(`${alice.href}/notes/${n}`),
        attribution: alice,
        replyTarget: new URL(target),
        content,
      });
      await ctx.sendActivity(
        { identifier: 'alice' },
        blog,
        new Create({ id: new URL(`${alice.href}/notes/${n}/activity`), actor: alice, object: note }),
      );
    }
    expect(await t.database.db.select().from(comments)).toHaveLength(before);
  });
});

describe('likes and boosts from the fediverse', () => {
  const counts = async (postId: number) => {
    const answer = await fetch(`${site}/api/fediverse/posts/${postId}/reactions`);
    return { status: answer.status, body: answer.status === 200 ? await answer.json() : null };
  };

  it('are counted on the post, once per person, listed for the owner, and taken back by their Undo', async () => {
    const { ctx, blog, person: alice } = await fromPeer('alice');
    const post = await firstPost();
    expect(await counts(post.id)).toEqual({ status: 200, body: { likes: 0, boosts: 0 } });

    const object = new URL(`${site}/ap/posts/${post.slug}`);
    const like = new Like({ id: new URL(`${alice.href}#likes/1`), actor: alice, object });
    await ctx.sendActivity({ identifier: 'alice' }, blog, like);
    // Delivered again, and liked again by the post's page address: still one like of hers.
    await ctx.sendActivity({ identifier: 'alice' }, blog, like);
    const again = new Like({
      id: new URL(`${alice.href}#likes/2`),
      actor: alice,
      object: new URL(`${site}/blog/${post.slug}`),
    });
    await ctx.sendActivity({ identifier: 'alice' }, blog, again);
    const boost = new Announce({ id: new URL(`${alice.href}/statuses/9/activity`), actor: alice, object });
    await ctx.sendActivity({ identifier: 'alice' }, blog, boost);
    expect(await counts(post.id)).toEqual({ status: 200, body: { likes: 1, boosts: 1 } });

    const owner = await t.signIn('admin');
    const overview = async () =>
      (await t.app.inject({ url: '/api/admin/fediverse', headers: { cookie: owner } })).json() as {
        reactionCounts: object;
        reactions: object[];
      };
    expect(await overview()).toMatchObject({
      reactionCounts: { likes: 1, boosts: 1 },
      reactions: [
        {
          kind: 'boost',
          handle: `@alice@${new URL(peer.base).host}`,
          name: 'Alice Example',
          profileUrl: alice.href,
          post: { title: post.title, slug: post.slug },
        },
        { kind: 'like', handle: `@alice@${new URL(peer.base).host}`, post: { slug: post.slug } },
      ],
    });

    // Someone else's Undo of her like changes nothing (unsigned for them: refused); hers takes it back,
    // by the id her latest like had.
    expect((await fromSomeoneElse('Undo', again.id?.href)).status).toBe(401);
    await ctx.sendActivity(
      { identifier: 'alice' },
      blog,
      new Undo({ id: new URL(`${alice.href}#likes/2/undo`), actor: alice, object: again }),
    );
    expect(await counts(post.id)).toEqual({ status: 200, body: { likes: 0, boosts: 1 } });
    await ctx.sendActivity(
      { identifier: 'alice' },
      blog,
      new Undo({ id: new URL(`${boost.id?.href}/undo`), actor: alice, object: boost }),
    );
    expect(await counts(post.id)).toEqual({ status: 200, body: { likes: 0, boosts: 0 } });
    expect(await t.database.db.select().from(fediverseReactions)).toEqual([]);
  });

  it('of nothing the blog published are not kept; a post that is not there has no count', async () => {
    const { ctx, blog, person: alice } = await fromPeer('alice');
    for (const [n, target] of [
      [3, `${site}/ap/posts/no-such-post`],
      [4, 'https://elsewhere.example/notes/9'],
      [5, `${site}/ap/actors/blog`],
    ] as const) {
      await ctx.sendActivity(
        { identifier: 'alice' },
        blog,
        new Like({ id: new URL(`${alice.href}#likes/${n}`), actor: alice, object: new URL(target) }),
      );
    }
    expect(await t.database.db.select().from(fediverseReactions)).toEqual([]);
    expect((await counts(999_999)).status).toBe(404);
    expect((await counts(Number.NaN)).status).toBe(404);
    expect((await fetch(`${site}/api/fediverse/posts/${'9'.repeat(30)}/reactions`)).status).toBe(404);
  });

  it("a block takes the blocked person's likes and boosts away", async () => {
    const { ctx, blog, person: alice } = await fromPeer('alice');
    const post = await firstPost();
    await ctx.sendActivity(
      { identifier: 'alice' },
      blog,
      new Like({
        id: new URL(`${alice.href}#likes/6`),
        actor: alice,
        object: new URL(`${site}/ap/posts/${post.slug}`),
      }),
    );
    expect((await counts(post.id)).body).toEqual({ likes: 1, boosts: 0 });
    const asOwner = caller(t, await t.signIn('admin'));
    const host = new URL(peer.base).host;
    const blocked = await asOwner('POST', '/api/admin/fediverse/blocks', { server: host });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json()).toMatchObject({ reactionCounts: { likes: 0, boosts: 0 }, reactions: [] });
    expect((await counts(post.id)).body).toEqual({ likes: 0, boosts: 0 });
    const [block] = blocked.json().blocks;
    await asOwner('DELETE', `/api/admin/fediverse/blocks/${block.id}`);
  });

  it('keeps a web address as the profile of whoever reacts: a script as its address is never kept (issue 62)', async () => {
    const { ctx, blog, person: mallory } = await fromPeer('mallory');
    const post = await firstPost();
    const like = new Like({
      id: new URL(`${mallory.href}#likes/1`),
      actor: mallory,
      object: new URL(`${site}/ap/posts/${post.slug}`),
    });
    await ctx.sendActivity({ identifier: 'mallory' }, blog, like);
    expect((await counts(post.id)).body).toEqual({ likes: 1, boosts: 0 });
    const stored = await t.database.db.select().from(fediverseReactions);
    expect(stored.map((row) => row.profileUrl)).toEqual([mallory.href]);
    const owner = await t.signIn('admin');
    const listed = await t.app.inject({ url: '/api/admin/fediverse', headers: { cookie: owner } });
    expect(listed.body).not.toContain('javascript:');
    expect(listed.json().reactions).toMatchObject([{ name: 'Mallory Example', profileUrl: mallory.href }]);
    await ctx.sendActivity(
      { identifier: 'mallory' },
      blog,
      new Undo({ id: new URL(`${mallory.href}#likes/1/undo`), actor: mallory, object: like }),
    );
    expect((await counts(post.id)).body).toEqual({ likes: 0, boosts: 0 });
  });

  it("blocks someone who only liked, from the like's row: the like gone, what they send refused", async () => {
    const { ctx, blog, person: alice } = await fromPeer('alice');
    const post = await firstPost();
    const like = (n: number) =>
      new Like({
        id: new URL(`${alice.href}#likes/${n}`),
        actor: alice,
        object: new URL(`${site}/ap/posts/${post.slug}`),
      });
    await ctx.sendActivity({ identifier: 'alice' }, blog, like(7));
    expect((await counts(post.id)).body).toEqual({ likes: 1, boosts: 0 });
    const asOwner = caller(t, await t.signIn('admin'));
    const listed = await asOwner('GET', '/api/admin/fediverse');
    const [reaction] = listed.json().reactions as { id: number }[];
    const missing = await asOwner('POST', '/api/admin/fediverse/reactions/999999/block', { scope: 'person' });
    expect(missing.statusCode).toBe(404);
    const blocked = await asOwner('POST', `/api/admin/fediverse/reactions/${reaction?.id}/block`, {
      scope: 'person',
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json()).toMatchObject({
      reactions: [],
      blocks: [{ kind: 'person', label: `@alice@${new URL(peer.base).host}` }],
    });
    expect((await counts(post.id)).body).toEqual({ likes: 0, boosts: 0 });
    // Her next like is refused before its signature is checked, and not kept.
    await expect(
      ctx.sendActivity({ identifier: 'alice' }, blog, like(8), { immediate: true }),
    ).rejects.toThrow(/403/);
    expect((await counts(post.id)).body).toEqual({ likes: 0, boosts: 0 });
    const [block] = blocked.json().blocks;
    await asOwner('DELETE', `/api/admin/fediverse/blocks/${block.id}`);
  });
});
