/**
 * A fediverse server of one person, Alice (and Mallory, whose profile address is a script), run by
 * Fedify on 127.0.0.1 (issue 47): an ActivityPub
 * implementation this project did not write, for the tests to follow the blog from. What it
 * received is kept in `accepted`, `rejected` and `posts` (the Creates, Updates and Deletes of the
 * blog's posts); `answerInbox(status)` makes her inbox answer every post with that status (a server
 * that is down, or gone), or never answer at all (`'never'`, a server that hangs), until it is
 * called with null. Alice's avatar is a 200 px PNG it serves at
 * /avatar.png (`avatarRequests` counts who asked for it).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFederation, type Federation, generateCryptoKeyPair, MemoryKvStore } from '@fedify/fedify';
import { Accept, Create, Delete, Follow, Image, Person, Reject, Update } from '@fedify/fedify/vocab';
import sharp from 'sharp';

export async function startPeer() {
  const pair = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
  const accepted: Accept[] = [];
  const rejected: Reject[] = [];
  const avatar = await sharp({
    create: { width: 200, height: 200, channels: 3, background: { r: 200, g: 90, b: 40 } },
  })
    .png()
    .toBuffer();
  let avatarRequests = 0;
  const posts: Array<Create | Update | Delete> = [];
  let inboxStatus: number | 'never' | null = null;
  const federation: Federation<void> = createFederation<void>({
    kv: new MemoryKvStore(),
    allowPrivateAddress: true,
  });
  federation
    .setActorDispatcher('/users/{identifier}', async (ctx, identifier) =>
      identifier === 'alice'
        ? new Person({
            id: ctx.getActorUri(identifier),
            preferredUsername: 'alice',
            name: 'Alice Example',
            inbox: ctx.getInboxUri(identifier),
            icon: new Image({ url: new URL('/avatar.png', ctx.origin), mediaType: 'image/png' }),
            publicKey: (await ctx.getActorKeyPairs(identifier))[0]?.cryptographicKey ?? null,
          })
        : identifier === 'mallory'
          ? // Whose profile address is a script (issue 62): never kept, never linked to.
            new Person({
              id: ctx.getActorUri(identifier),
              preferredUsername: 'mallory',
              name: 'Mallory Example',
              url: new URL('javascript:alert(document.cookie)'),
              inbox: ctx.getInboxUri(identifier),
              publicKey: (await ctx.getActorKeyPairs(identifier))[0]?.cryptographicKey ?? null,
            })
          : null,
    )
    .setKeyPairsDispatcher((_ctx, identifier) =>
      identifier === 'alice' || identifier === 'mallory' ? [pair] : [],
    );
  federation
    .setInboxListeners('/users/{identifier}/inbox')
    .on(Accept, (_ctx, accept) => {
      accepted.push(accept);
    })
    .on(Reject, (_ctx, reject) => {
      rejected.push(reject);
    })
    .on(Create, (_ctx, create) => {
      posts.push(create);
    })
    .on(Update, (_ctx, update) => {
      posts.push(update);
    })
    .on(Delete, (_ctx, deletion) => {
      posts.push(deletion);
    });
  const server: Server = createServer(async (req, res) => {
    if (inboxStatus !== null && req.method === 'POST' && req.url?.endsWith('/inbox')) {
      for await (const _ of req);
      if (inboxStatus === 'never') return;
      res.writeHead(inboxStatus);
      res.end();
      return;
    }
    if (req.url === '/avatar.png') {
      avatarRequests += 1;
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': avatar.length });
      res.end(avatar);
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
    const answer = await federation.fetch(
      new Request(`http://${req.headers.host}${req.url}`, {
        method: req.method,
        headers,
        ...(body ? { body } : {}),
      }),
      { contextData: undefined },
    );
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const context = () => federation.createContext(new URL(base), undefined);
  return {
    base,
    accepted,
    rejected,
    avatarRequests: () => avatarRequests,
    posts,
    answerInbox: (status: number | 'never' | null) => {
      inboxStatus = status;
    },
    context,
    pair,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type Peer = Awaited<ReturnType<typeof startPeer>>;

/** Alice follows `actor` (the blog's address) with a Follow of this id fragment; answers the Follow. */
export async function follow(peer: Peer, actor: string, fragment: string): Promise<Follow> {
  const ctx = peer.context();
  const blog = (await ctx.lookupObject(actor)) as Person;
  const alice = ctx.getActorUri('alice');
  const activity = new Follow({ id: new URL(`${alice.href}#${fragment}`), actor: alice, object: blog.id });
  await ctx.sendActivity({ identifier: 'alice' }, blog, activity);
  return activity;
}
