/**
 * A fediverse server played the way Mastodon plays it (issue 64), written without Fedify: Bob's
 * actor document as Mastodon serves one (a Person with its RSA key as PEM, a shared inbox, a PNG
 * avatar), WebFinger, and an inbox that verifies what it is sent with Misskey's
 * `@misskey-dev/node-http-message-signatures`: the draft signature Mastodon verifies (an RFC 9421
 * signature is refused with 401, as a server that only knows the draft does), its `Digest`, and
 * the key fetched from the signer's actor document. What Bob sends is signed the same way.
 *
 * Two accounts, Bob and Carol, each with their own key. `received` keeps every activity the inbox
 * took (parsed JSON); `answerInbox('never' | status |
 * null)` makes the inbox hang, answer a status, or work again; `deleteAccount(name)` makes that
 * actor answer 410 Gone, as Mastodon's does once an account is deleted.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  genDigestHeaderBothRFC3230AndRFC9530,
  genRsaKeyPair,
  parseRequestSignature,
  type RequestLike,
  signAsDraftToRequest,
  verifyDigestHeader,
  verifyDraftSignature,
} from '@misskey-dev/node-http-message-signatures';

const AP = 'application/activity+json';
type Account = 'bob' | 'carol';
// biome-ignore lint/suspicious/noExplicitAny: activities are read as the JSON they are.
type Json = any;

const bodyOf = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
};

export async function startMastodon() {
  // PEM, as Mastodon keeps its keys.
  const keys: Record<Account, { publicKey: string; privateKey: string }> = {
    bob: await genRsaKeyPair(2048),
    carol: await genRsaKeyPair(2048),
  };
  const received: Json[] = [];
  let inboxMode: 'never' | number | null = null;
  const gone = new Set<Account>();
  let base = '';
  const actorId = (name: Account = 'bob') => `${base}/users/${name}`;

  /** The signer's key, read from its actor document as Mastodon reads it. */
  const keyOf = async (keyId: string): Promise<string | null> => {
    const answer = await fetch(keyId.replace(/#.*$/, ''), { headers: { accept: AP } });
    if (!answer.ok) return null;
    const actor = (await answer.json()) as Json;
    const key = actor.publicKey?.id === keyId ? actor.publicKey : null;
    return typeof key?.publicKeyPem === 'string' ? key.publicKeyPem : null;
  };

  const inbox = async (request: IncomingMessage): Promise<number | 'never'> => {
    const raw = await bodyOf(request);
    if (inboxMode !== null) return inboxMode;
    // RFC 9421 (a Signature-Input header): refused, as by a server that verifies only the draft.
    if (request.headers['signature-input']) return 401;
    let parsed: ReturnType<typeof parseRequestSignature>;
    try {
      parsed = parseRequestSignature(request, { clockSkew: { forward: 60_000, delay: 300_000 } });
    } catch {
      return 401;
    }
    if (parsed.version !== 'draft') return 401;
    if (!(await verifyDigestHeader(request, raw, true))) return 401;
    const pem = await keyOf(parsed.value.keyId);
    if (!pem || !(await verifyDraftSignature(parsed.value, pem))) return 401;
    received.push(JSON.parse(raw));
    return 202;
  };

  const actor = (name: Account) => ({
    '@context': ['https://www.w3.org/ns/activitystreams', 'https://w3id.org/security/v1'],
    id: actorId(name),
    type: 'Person',
    preferredUsername: name,
    name: `${name[0]?.toUpperCase()}${name.slice(1)} Mastodon`,
    url: `${base}/@${name}`,
    inbox: `${actorId(name)}/inbox`,
    outbox: `${actorId(name)}/outbox`,
    followers: `${actorId(name)}/followers`,
    endpoints: { sharedInbox: `${base}/inbox` },
    icon: { type: 'Image', mediaType: 'image/png', url: `${base}/avatars/${name}.png` },
    publicKey: { id: `${actorId(name)}#main-key`, owner: actorId(name), publicKeyPem: keys[name].publicKey },
  });

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', base);
    if (request.method === 'POST' && /^\/(inbox|users\/(bob|carol)\/inbox)$/.test(url.pathname)) {
      const status = await inbox(request);
      if (status === 'never') return;
      response.writeHead(status).end();
      return;
    }
    const name = /^\/users\/(bob|carol)$/.exec(url.pathname)?.[1] as Account | undefined;
    if (name) {
      if (gone.has(name)) return void response.writeHead(410, { 'content-type': AP }).end('{"error":"Gone"}');
      response.writeHead(200, { 'content-type': AP }).end(JSON.stringify(actor(name)));
      return;
    }
    const account = /^acct:(bob|carol)@(.+)$/.exec(url.searchParams.get('resource') ?? '');
    if (url.pathname === '/.well-known/webfinger' && account && account[2] === url.host) {
      response.writeHead(200, { 'content-type': 'application/jrd+json' }).end(
        JSON.stringify({
          subject: account[0],
          links: [{ rel: 'self', type: AP, href: actorId(account[1] as Account) }],
        }),
      );
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /**
   * Posts `activity` to `inbox` from `as` (Bob unless named), signed as Mastodon signs (draft,
   * RSA-SHA256, with its Digest): the answer's status.
   */
  const send = async (inboxUrl: string, activity: Json, as: Account = 'bob'): Promise<number> => {
    const body = JSON.stringify({ '@context': 'https://www.w3.org/ns/activitystreams', ...activity });
    const target = new URL(inboxUrl);
    const request: RequestLike = {
      url: target.href,
      method: 'POST',
      headers: { Date: new Date().toUTCString(), Host: target.host, 'Content-Type': AP },
    };
    await genDigestHeaderBothRFC3230AndRFC9530(request, body, 'SHA-256');
    await signAsDraftToRequest(
      request,
      { keyId: `${actorId(as)}#main-key`, privateKeyPem: keys[as].privateKey },
      ['(request-target)', 'date', 'host', 'digest'],
    );
    const answer = await fetch(target, {
      method: 'POST',
      headers: request.headers as Record<string, string>,
      body,
    });
    await answer.body?.cancel();
    return answer.status;
  };

  return {
    get base() {
      return base;
    },
    actorId,
    handle: (name: Account = 'bob') => `@${name}@${new URL(base).host}`,
    received,
    send,
    answerInbox: (mode: 'never' | number | null) => {
      inboxMode = mode;
    },
    deleteAccount: (name: Account) => {
      gone.add(name);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type Mastodon = Awaited<ReturnType<typeof startMastodon>>;
