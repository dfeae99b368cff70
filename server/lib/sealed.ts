import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Values the database keeps but must not give away on their own (the authenticator app's shared
 * secret): sealed with AES-256-GCM under a key derived from the server secret, which lives outside
 * the database (SESSION_SECRET or DATA_DIR/secret). A backup holds the sealed text only, so the
 * file alone yields no usable second factor; a site restored with the same server secret reads it.
 */
const PREFIX = 'sealed:v1:';

export interface Sealer {
  seal(plain: string): string;
  /** The value sealed here; a value stored before sealing began as it is; null when another key sealed it. */
  open(stored: string): string | null;
  /** Whether a stored value is still plain text (kept from before sealing began). */
  isPlain(stored: string): boolean;
}

export function createSealer(serverSecret: string, purpose: string): Sealer {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, '', `portfolio sealed ${purpose}`, 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${PREFIX}${iv.toString('base64url')}.${body.toString('base64url')}`;
    },
    open(stored) {
      if (!stored.startsWith(PREFIX)) return stored;
      const [ivText, bodyText] = stored.slice(PREFIX.length).split('.');
      if (!ivText || !bodyText) return null;
      const body = Buffer.from(bodyText, 'base64url');
      if (body.length < 17) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(ivText, 'base64url'));
        decipher.setAuthTag(body.subarray(-16));
        return Buffer.concat([decipher.update(body.subarray(0, -16)), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
    isPlain: (stored) => !stored.startsWith(PREFIX),
  };
}
