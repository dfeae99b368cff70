/**
 * Form tokens: the bot check behind the public forms. A token is issued for one
 * form (and, for a comment, one post), signed with the server secret, and says
 * when the form was shown. It is refused when forged, issued for another form or
 * post, or older than FORM_TOKEN_TTL_MS, and it is single-use: the submission it
 * allows spends it (the spent ids are rows in `form_token_uses`, so this holds
 * across a restart and across processes on one database). A form sent back
 * sooner than a person could type it is a bot's.
 *
 * Format: `{form}.{scope}.{issuedAt}.{id}.{signature}`, all URL-safe.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import { FORM_TOKEN_TTL_MS } from '../../common/constants.ts';
import type { Db } from '../db/client.ts';
import { formTokenUses } from '../db/schema.ts';
import { nowAndThen } from './now-and-then.ts';
import { hmacSigner } from './tokens.ts';

export const formKinds = ['comment', 'contribution', 'endorsement'] as const;
export type FormKind = (typeof formKinds)[number];

export type TokenCheck =
  | { ok: true; id: string; ageMs: number; expiresAt: Date }
  | { ok: false; reason: 'invalid' | 'expired' };

const TOKEN = /^(comment|contribution|endorsement)\.(\d{0,10})\.(\d{1,15})\.([\w-]{22})\.([\w-]{43})$/;

export function createFormTokens(secret: string, now: () => number = () => Date.now()) {
  const mac = hmacSigner(secret);
  const sign = (payload: string) => mac(`form:${payload}`);
  return {
    /** A token for `form`; `scope` binds it further (the post id of a comment form). */
    issue(form: FormKind, scope = ''): string {
      const payload = `${form}.${scope}.${now()}.${randomBytes(16).toString('base64url')}`;
      return `${payload}.${sign(payload)}`;
    },
    /**
     * A token for `form` issued at `issuedAt` with the given id: what a visit's cookie stands for
     * when a form comes without a token of its own (server/lib/visit.ts). Spent like any other.
     */
    issueAs(form: FormKind, scope: string, issuedAt: number, id: string): string {
      const payload = `${form}.${scope}.${Math.floor(issuedAt)}.${id}`;
      return `${payload}.${sign(payload)}`;
    },
    /** Whether `token` is a genuine, unexpired token for this form and scope (not whether it was spent). */
    check(token: string | undefined, form: FormKind, scope = ''): TokenCheck {
      const match = token ? TOKEN.exec(token) : null;
      if (!token || !match) return { ok: false, reason: 'invalid' };
      const [, tokenForm, tokenScope, issuedAt, id, signature] = match as unknown as string[];
      const expected = Buffer.from(sign(token.slice(0, token.lastIndexOf('.'))));
      const given = Buffer.from(signature ?? '');
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        return { ok: false, reason: 'invalid' };
      }
      if (tokenForm !== form || tokenScope !== scope) return { ok: false, reason: 'invalid' };
      const ageMs = now() - Number(issuedAt);
      if (ageMs > FORM_TOKEN_TTL_MS || ageMs < -60_000) return { ok: false, reason: 'expired' };
      return {
        ok: true,
        id: id ?? '',
        ageMs,
        expiresAt: new Date(Number(issuedAt) + FORM_TOKEN_TTL_MS),
      };
    },
  };
}

export type FormTokens = ReturnType<typeof createFormTokens>;

/** Spent token ids. */
export interface FormTokenUses {
  /** Records the id as spent; false when it already was. */
  spend(id: string, expiresAt: Date): Promise<boolean>;
}

const SWEEP_EVERY_MS = 10 * 60 * 1000;

/** Spent ids in the database; rows of expired tokens are swept now and then (they could not pass anyway). */
export function databaseFormTokenUses(db: Db, now: () => number = Date.now): FormTokenUses {
  const sweepDue = nowAndThen(SWEEP_EVERY_MS, now);
  return {
    async spend(id, expiresAt) {
      if (sweepDue()) await db.delete(formTokenUses).where(lt(formTokenUses.expiresAt, sql`now()`));
      const inserted = await db
        .insert(formTokenUses)
        .values({ id, expiresAt })
        .onConflictDoNothing()
        .returning({ id: formTokenUses.id });
      return inserted.length === 1;
    },
  };
}
