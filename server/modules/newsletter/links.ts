/**
 * A subscriber's links (issue 45). Two kinds, neither kept in clear:
 * - the confirmation link, a random token per confirmation email, stored as its SHA-256 until it
 *   is followed (or the address unsubscribes): it only ever confirms, once;
 * - the manage link (unsubscribe, how often, come back, every issue's `List-Unsubscribe`), derived
 *   from the server secret and the subscriber's id, so no column holds it and a backup gives no
 *   working link; it never confirms: coming back mails a new confirmation link.
 * A subscriber from before the split keeps their one old link, as a hash, for managing only.
 */
import { hkdfSync, timingSafeEqual } from 'node:crypto';
import { hmacSigner } from '../../lib/tokens.ts';

export interface SubscriberLinks {
  /** The manage link's token of a subscriber. */
  manageToken(id: number): string;
  /** The subscriber a manage token names, or null when it is not one of this site's. */
  idOf(token: string): number | null;
}

const MANAGE_TOKEN = /^([0-9a-z]{1,10})_([A-Za-z0-9_-]{32})$/;

export function subscriberLinks(serverSecret: string): SubscriberLinks {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, '', 'portfolio newsletter manage link', 32));
  const sign = hmacSigner(key);
  const mac = (id: number) => sign(`manage:${id}`).slice(0, 32);
  return {
    manageToken: (id) => `${id.toString(36)}_${mac(id)}`,
    idOf(token) {
      const match = MANAGE_TOKEN.exec(token);
      if (!match?.[1] || !match[2]) return null;
      const id = Number.parseInt(match[1], 36);
      const given = Buffer.from(match[2]);
      const expected = Buffer.from(mac(id));
      return Number.isSafeInteger(id) && given.length === expected.length && timingSafeEqual(given, expected)
        ? id
        : null;
    },
  };
}
