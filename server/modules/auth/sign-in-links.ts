/**
 * Sign-in links by email (issue 45): the way in from a new browser that needs no earlier set-up.
 * Password guessing spread over many addresses slows an account down for every browser that
 * never signed in to it (service.ts), and a guesser who keeps at it takes that one slow try each
 * time. A link mailed to the account's own address is not slowed: whoever can read that mailbox
 * signs in, in the browser that opens the link, while the guessing goes on.
 *
 * - Asked for by username; the answer is the same whether the account exists, has an address or
 *   was mailed a minute ago, and the work is done after it (no timing tells them apart). The asks
 *   are judged one at a time in the order asked, so a burst of them neither runs side by side
 *   against the database nor lets a late one claim the account's minute after a later ask swept
 *   it as expired; the mails then go out side by side.
 * - One link a minute per account at most, so a stranger cannot flood the owner's mailbox; a
 *   link mailed in the last minute is in that mailbox and works.
 * - Each link works once, for 15 minutes; only the SHA-256 of its token is stored
 *   (`auth_challenges`, kind 'sign-in-link'), so a backup holds no working link.
 * - Opening the link shows a button; the sign-in happens on its post, so a mail scanner that
 *   fetches every link spends nothing. An account with an authenticator app is asked its code next.
 * - Mailed at once through the process's transport, never queued in the outbox the owner reads.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { BACK_PARAM, localPath } from '../../../common/back-path.ts';
import { SIGN_IN_LINK_PARAM } from '../../../common/constants.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { MailTransport } from '../../lib/mail.ts';
import { randomToken, sha256Hex } from '../../lib/tokens.ts';
import { challengeStore } from './challenges.ts';

export const SIGN_IN_LINK_TTL_MS = 15 * 60 * 1000;
/** At most one link per account this often. */
export const SIGN_IN_LINK_EVERY_MS = 60 * 1000;

const LINK = 'sign-in-link';
const SENT = 'sign-in-link-sent';

export interface SignInLinkOptions {
  /** The process's mail transport; without one, no link can be sent and none is offered. */
  mail: MailTransport | undefined;
  from: string | undefined;
  /** Where the owner's link goes when the owner's account has no address of its own (NOTIFY_EMAIL). */
  ownerEmail: string | undefined;
  publicUrl: string;
  siteName: string;
  now?: () => Date;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

export function createSignInLinks(db: Db, options: SignInLinkOptions) {
  const now = options.now ?? (() => new Date());
  // The process's transport and sender, or none: without both, no link is offered or judged.
  const mailer = options.mail && options.from ? { mail: options.mail, from: options.from } : undefined;
  const challenges = challengeStore(db, now);
  /** The asks' database work, chained: each starts when the one asked before it has finished. */
  let judging: Promise<unknown> = Promise.resolve();

  /**
   * Judges one ask, after its answer: the link to mail, or null when there is none (no such
   * account, no address, or a link went out in the account's minute). Judged at the moment it was
   * asked (`askedAt`), so the minute and the link's 15 minutes count from the ask, however late
   * the work runs.
   */
  const judge = async (username: string, back: string | null, askedAt: Date) => {
    const asked = challengeStore(db, () => askedAt);
    const [user] = await db
      .select({ id: users.id, username: users.username, email: users.email, isAdmin: users.isAdmin })
      .from(users)
      .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
      .limit(1);
    const to = user?.email ?? (user?.isAdmin ? options.ownerEmail : undefined);
    if (!user || !to || !(await asked.claim(`${SENT}:${user.id}`, SENT, user.id, SIGN_IN_LINK_EVERY_MS)))
      return null;
    const token = randomToken(32);
    await asked.remember(sha256Hex(token), LINK, user.id, SIGN_IN_LINK_TTL_MS);
    // The page the visitor asked from comes along: the link's sign-in goes back there.
    const query = new URLSearchParams({ [SIGN_IN_LINK_PARAM]: token });
    if (back) query.set(BACK_PARAM, back);
    return { to, username: user.username, link: `${options.publicUrl}/auth?${query}` };
  };

  /** Mails a judged link through the process's transport. */
  const send = async (
    { mail, from }: NonNullable<typeof mailer>,
    { to, username, link }: { to: string; username: string; link: string },
  ) => {
    await mail.sendMail({
      from,
      to,
      subject: `Your sign-in link for ${options.siteName}`,
      text: [
        `Hi ${username},`,
        '',
        `Someone asked to sign in to ${options.siteName} as ${username}. If that was you, open this link within 15 minutes and press Sign In:`,
        '',
        link,
        '',
        'The link works once. If you did not ask for it, you can ignore this email: nobody can use the link without reading it here.',
      ].join('\n'),
    });
  };

  return {
    /** Whether links can be mailed at all (SMTP_URL is set). */
    available: Boolean(mailer),

    /**
     * Mails a sign-in link to the account's address, after the caller has answered: the answer
     * never tells whether the account exists. The link comes back to `back` when it is a page of
     * this site. Failures are logged, never thrown; a slow mail server holds up no other ask.
     */
    request(username: string, back?: string): void {
      if (!mailer) return;
      const askedAt = now();
      const judged = judging.then(() => judge(username, localPath(back), askedAt));
      judging = judged.catch(() => null);
      void judged
        .then((link) => link && send(mailer, link))
        .catch((error: unknown) =>
          options.log.warn(
            { err: error instanceof Error ? error.message : String(error) },
            'sign-in link not sent',
          ),
        );
    },

    /** The account a link's token signs in (the link is spent), or null when it expired or was used. */
    async take(token: string): Promise<number | null> {
      if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
      return (await challenges.take(sha256Hex(token), LINK))?.userId ?? null;
    },
  };
}

export type SignInLinks = ReturnType<typeof createSignInLinks>;
