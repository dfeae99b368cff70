/**
 * The signer prepared once signs as `createHmac` does with the same secret (so every cookie and
 * link signed before it still checks), and the pooled ids are 16 bytes, never given out twice.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hmacSigner, randomId } from './tokens.ts';

describe('hmacSigner', () => {
  it('signs as createHmac does, for a text secret and a derived key', () => {
    const derived = Buffer.from('0123456789abcdef0123456789abcdef');
    for (const secret of ['a server secret é', derived, '']) {
      const sign = hmacSigner(secret);
      for (const data of ['form:comment.1.2.x', '', 'ünïcode ✓']) {
        expect(sign(data)).toBe(createHmac('sha256', secret).update(data).digest('base64url'));
      }
    }
  });
});

describe('randomId', () => {
  it('gives 16 random bytes as 22 characters, each id once across pool refills', () => {
    const ids = new Set<string>();
    // 4 KB a pool: 256 ids each, so this crosses many refills.
    for (let i = 0; i < 5000; i++) ids.add(randomId());
    expect(ids.size).toBe(5000);
    for (const id of [...ids].slice(0, 50)) {
      expect(id).toMatch(/^[\w-]{22}$/);
      expect(Buffer.from(id, 'base64url')).toHaveLength(16);
    }
  });
});
