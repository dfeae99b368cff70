/**
 * The blog actor's key pairs (issue 47): RSA for HTTP Signatures as Mastodon verifies them, and
 * Ed25519 for object integrity proofs. Made once, on first use, and kept in app_meta sealed under
 * the server secret (like the authenticator app's secret): a backup holds them sealed, and a site
 * restored with the same server secret signs with the same keys. Two processes starting at once
 * agree: the first row written wins and both read it back.
 */
import { exportJwk, generateCryptoKeyPair, importJwk } from '@fedify/fedify';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appMeta } from '../../db/schema.ts';
import type { Sealer } from '../../lib/sealed.ts';

const KEYS = 'fediverse:keys';

type KeyPair = Awaited<ReturnType<typeof generateCryptoKeyPair>>;
type Jwk = Awaited<ReturnType<typeof exportJwk>>;
type StoredPair = { publicKey: Jwk; privateKey: Jwk };

async function exported(pair: KeyPair): Promise<StoredPair> {
  return { publicKey: await exportJwk(pair.publicKey), privateKey: await exportJwk(pair.privateKey) };
}

async function imported(pair: StoredPair): Promise<KeyPair> {
  return {
    publicKey: await importJwk(pair.publicKey, 'public'),
    privateKey: await importJwk(pair.privateKey, 'private'),
  };
}

export function actorKeys(db: Db, sealer: Sealer) {
  let loading: Promise<KeyPair[]> | null = null;
  const load = async (): Promise<KeyPair[]> => {
    const read = async () => (await db.select().from(appMeta).where(eq(appMeta.key, KEYS)))[0]?.value;
    let stored = await read();
    if (!stored) {
      const made = [
        await exported(await generateCryptoKeyPair('RSASSA-PKCS1-v1_5')),
        await exported(await generateCryptoKeyPair('Ed25519')),
      ];
      await db
        .insert(appMeta)
        .values({ key: KEYS, value: sealer.seal(JSON.stringify(made)) })
        .onConflictDoNothing();
      stored = await read();
    }
    const opened = stored ? sealer.open(stored) : null;
    if (!opened) throw new Error('the fediverse keys are sealed under another server secret');
    return Promise.all((JSON.parse(opened) as StoredPair[]).map(imported));
  };
  return {
    /** The pairs, RSA first (read once per process). */
    pairs(): Promise<KeyPair[]> {
      loading ??= load().catch((error) => {
        loading = null;
        throw error;
      });
      return loading;
    },
  };
}
