/**
 * An activity signed once and posted to each inbox (issue 47, point 4), with Fedify's own signing
 * functions. Fedify's `Context.sendActivity` signs the whole document again for every inbox it is
 * called for (an Ed25519 proof, JSON-LD compaction, an `RsaSignature2017` over the canonised
 * document): about 20 ms of CPU a copy here, which a post to 600 inboxes paid 600 times and which
 * cost the pages a quarter to a half of their throughput during the send (bench:fediverse). Here
 * the document is prepared once (`signedActivity`: Fedify's default transformers, the proof, the
 * compaction and the Linked Data signature, in the order `sendActivity` adds them) and each copy
 * only gets its HTTP signature (`inboxPoster`).
 *
 * The HTTP signature follows Fedify 2.3's `doubleKnock` (not exported): RFC 9421 first, the draft
 * that Mastodon verifies when a server refuses it (400 or 401), the one that worked remembered per
 * server; a server that answers with an RFC 9421 `Accept-Signature` challenge gets the components
 * it asks for. A refusal of the copy itself is a `SendActivityError`, as Fedify's.
 */
import {
  type Context,
  fulfillAcceptSignature,
  getDefaultActivityTransformers,
  parseAcceptSignature,
  SendActivityError,
  signJsonLd,
  signObject,
  signRequest,
  validateAcceptSignature,
} from '@fedify/fedify';
import type { Activity } from '@fedify/fedify/vocab';

type Spec = 'rfc9421' | 'draft-cavage-http-signatures-12';
const OTHER: Record<Spec, Spec> = {
  rfc9421: 'draft-cavage-http-signatures-12',
  'draft-cavage-http-signatures-12': 'rfc9421',
};

/** A key of the actor's, as Fedify names it (`#main-key` for the RSA one). */
export interface SigningKey {
  keyId: URL;
  privateKey: Parameters<typeof signRequest>[1];
}

/** The actor's keys: the RSA one signs requests and the Linked Data signature, an Ed25519 one the proof. */
export async function actorSigningKeys(ctx: Context<void>, identifier: string) {
  // Fedify's key pairs are CryptoKeyPairs with their key ids: the private half is there.
  const pairs = (await ctx.getActorKeyPairs(identifier)) as unknown as SigningKey[];
  const rsa = pairs.find((pair) => pair.privateKey.algorithm.name === 'RSASSA-PKCS1-v1_5');
  if (!rsa) throw new Error(`No RSA key pair for the actor ${identifier}`);
  const ed25519 = pairs.find((pair) => pair.privateKey.algorithm.name === 'Ed25519');
  return { rsa, ed25519 };
}

/** The activity as every inbox gets it: transformed, with its proof, compacted and signed, as text. */
export async function signedActivity(
  ctx: Context<void>,
  activity: Activity,
  keys: Awaited<ReturnType<typeof actorSigningKeys>>,
): Promise<string> {
  const { contextLoader } = ctx;
  let prepared = activity;
  for (const transform of getDefaultActivityTransformers<void>()) prepared = transform(prepared, ctx);
  const proven = keys.ed25519
    ? await signObject(prepared, keys.ed25519.privateKey, keys.ed25519.keyId, { contextLoader })
    : prepared;
  const compact = await proven.toJsonLd({ format: 'compact', contextLoader });
  const signed = await signJsonLd(compact as object, keys.rsa.privateKey, keys.rsa.keyId, { contextLoader });
  return JSON.stringify(signed);
}

/**
 * Posts signed copies: one HTTP signature each, the spec each server took remembered. `fetch` is
 * the outbound module's (server/lib/outbound.ts): an inbox on this machine or its network, which a
 * follower's actor document may name, is never posted to.
 */
export function inboxPoster(fetch: typeof globalThis.fetch) {
  const specs = new Map<string, Spec>();
  return async function post(inbox: URL, body: string, key: SigningKey): Promise<void> {
    const bytes = new TextEncoder().encode(body);
    const knock = async (spec: Spec, rfc9421?: ReturnType<typeof fulfillAcceptSignature>) => {
      const request = new Request(inbox, {
        method: 'POST',
        headers: { 'Content-Type': 'application/activity+json' },
        body: bytes,
      });
      const signed = await signRequest(request, key.privateKey, key.keyId, {
        spec,
        body: bytes.buffer as ArrayBuffer,
        ...(rfc9421 ? { rfc9421 } : {}),
      });
      return fetch(signed.url, { method: 'POST', headers: signed.headers, body: bytes, redirect: 'manual' });
    };
    let spec = specs.get(inbox.origin) ?? 'rfc9421';
    let response = await knock(spec);
    if (response.status === 400 || response.status === 401) {
      const challenge = response.headers.get('Accept-Signature');
      await response.body?.cancel();
      const asked = challenge
        ? validateAcceptSignature(parseAcceptSignature(challenge))
            .map((entry) => fulfillAcceptSignature(entry, key.keyId.href, 'rsa-v1_5-sha256'))
            .find((fulfilled) => fulfilled != null)
        : undefined;
      if (asked) {
        spec = 'rfc9421';
        response = await knock(spec, asked);
      }
      if (response.status === 400 || response.status === 401) {
        await response.body?.cancel();
        spec = OTHER[spec];
        response = await knock(spec);
      }
    }
    if (response.ok) {
      specs.set(inbox.origin, spec);
      await response.body?.cancel();
      return;
    }
    const text = (await response.text().catch(() => '')).slice(0, 1000);
    throw new SendActivityError(
      inbox,
      response.status,
      `Failed to send to ${inbox.href} (${response.status} ${response.statusText})`,
      text,
      response.headers,
    );
  };
}
