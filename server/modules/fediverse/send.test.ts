/**
 * Each copy's HTTP signature (send.ts), against stand-in inboxes on 127.0.0.1 that take one kind of
 * signature: RFC 9421 is tried first and remembered; a server that refuses it (as one that only
 * verifies the draft Mastodon uses) gets the draft, and keeps getting it; a server that answers
 * with an Accept-Signature challenge gets the components it asks for; a refusal of the copy is a
 * SendActivityError with its status.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { generateCryptoKeyPair, SendActivityError } from '@fedify/fedify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loopbackFetch } from '../../lib/outbound.ts';
import { inboxPoster, type SigningKey } from './send.ts';

type Mode = 'rfc9421' | 'cavage' | 'challenge' | 'gone';
const seen: { path: string; headers: IncomingHttpHeaders; body: string }[] = [];
let base = '';
const server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => {
    body += chunk;
  });
  request.on('end', () => {
    const path = request.url ?? '/';
    seen.push({ path, headers: request.headers, body });
    const mode = path.split('/')[1] as Mode;
    const input = String(request.headers['signature-input'] ?? '');
    const cavage = !input && /keyId="/.test(String(request.headers.signature ?? ''));
    const ok =
      mode === 'rfc9421'
        ? input.startsWith('sig1=')
        : mode === 'cavage'
          ? cavage
          : mode === 'challenge'
            ? input.startsWith('asked=') && input.includes('"content-digest"')
            : false;
    if (mode === 'gone') return response.writeHead(410).end('Gone');
    if (ok) return response.writeHead(202).end();
    if (mode === 'challenge')
      return response
        .writeHead(401, {
          'accept-signature':
            'asked=("@method" "@target-uri" "content-digest");keyid="https://blog.example/ap/actors/blog#main-key";alg="rsa-v1_5-sha256"',
        })
        .end();
    response.writeHead(401).end('Unsigned');
  });
});
let key: SigningKey;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const pair = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
  key = { keyId: new URL('https://blog.example/ap/actors/blog#main-key'), privateKey: pair.privateKey };
});
afterAll(() => {
  server.close();
});

const body = JSON.stringify({ type: 'Create', id: 'https://blog.example/ap/posts/x#create' });

describe('each copy signed for its server', () => {
  it('RFC 9421 where the server takes it, the same body in every copy', async () => {
    const post = inboxPoster(loopbackFetch());
    await post(new URL(`${base}/rfc9421/inbox`), body, key);
    expect(seen.at(-1)?.body).toBe(body);
    expect(seen.at(-1)?.headers['content-type']).toBe('application/activity+json');
    expect(seen.at(-1)?.headers['content-digest']).toMatch(/^sha-256=:/);
  });

  it('the draft Mastodon verifies when a server refuses RFC 9421, remembered for that server', async () => {
    const post = inboxPoster(loopbackFetch());
    const before = seen.length;
    await post(new URL(`${base}/cavage/inbox`), body, key);
    expect(seen.slice(before).map((entry) => Boolean(entry.headers['signature-input']))).toEqual([
      true,
      false,
    ]);
    await post(new URL(`${base}/cavage/inbox`), body, key);
    // Asked once more: the draft at once.
    expect(seen.slice(before + 2).map((entry) => Boolean(entry.headers['signature-input']))).toEqual([false]);
    expect(seen.at(-1)?.headers.digest).toMatch(/^SHA-256=/);
  });

  it('the components an Accept-Signature challenge asks for', async () => {
    const post = inboxPoster(loopbackFetch());
    const before = seen.length;
    await post(new URL(`${base}/challenge/inbox`), body, key);
    const inputs = seen.slice(before).map((entry) => String(entry.headers['signature-input'] ?? ''));
    expect(inputs).toHaveLength(2);
    expect(inputs[1]).toMatch(/^asked=\("@method" "@target-uri" "content-digest"/);
  });

  it('a refusal of the copy is a SendActivityError with its status', async () => {
    const post = inboxPoster(loopbackFetch());
    const error = await post(new URL(`${base}/gone/inbox`), body, key).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SendActivityError);
    expect((error as SendActivityError).statusCode).toBe(410);
  });
});
