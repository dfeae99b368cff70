/**
 * The newsletter's list: subscribing (double opt-in), confirming, leaving and coming back; the
 * owner's view (search, states, growth) and deleting someone entirely are owner-list.ts. An address is one row for
 * ever: an unsubscribed or bounced one stays as a suppression, so no form, import or stranger can
 * put it back on the list; only its owner can, by the link in a new confirmation email.
 */
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import {
  CADENCE_LABELS,
  type NewsletterCadence,
  type subscribeSchema,
} from '../../../common/schemas/newsletter.ts';
import type { z } from '../../../common/schemas/zod.ts';
import type { Db } from '../../db/client.ts';
import { newsletterDeliveries, newsletterSubscribers } from '../../db/schema.ts';
import { notFound } from '../../lib/http-error.ts';
import { randomToken, sha256Hex } from '../../lib/tokens.ts';
import { enqueueNotification } from '../notifications/service.ts';
import { confirmationEmail, type Site } from './email.tsx';
import type { SubscriberLinks } from './links.ts';
import { ownerSide } from './owner-list.ts';

type SubscribeInput = z.output<typeof subscribeSchema>;
type Row = typeof newsletterSubscribers.$inferSelect;
/** A Drizzle handle: the database or a transaction (the quote form subscribes inside its own). */
type Writer = Pick<Db, 'select' | 'insert' | 'update' | 'execute'>;
/** Any number that names the sign-up lock among the site's advisory locks (with the mailbox's hash). */
const MAILBOX_LOCK = 35_036;
/** Holds the mailbox's sign-ups back until `writer`'s transaction ends: its `+tag` variants share the hour's one email. */
const lockMailbox = (writer: Writer, mailboxKey: string) =>
  writer.execute(sql`select pg_advisory_xact_lock(${MAILBOX_LOCK}, hashtext(${mailboxKey}))`);

/** An address not confirmed within this many days is deleted. */
export { UNCONFIRMED_DAYS } from './owner-list.ts';

/**
 * One confirmation email an hour at most per mailbox (an address and its `+tag` variants), however
 * often the form is sent.
 */
const CONFIRMATION_EVERY_MS = 60 * 60 * 1000;
/** From the reader's own page ('Subscribe again'), one a minute: the link's holder owns the address. */
const OWN_PAGE_EVERY_MS = 60 * 1000;

export const paths = {
  confirm: (token: string) => `/newsletter/confirm/${token}`,
  manage: (token: string) => `/newsletter/unsubscribe/${token}`,
  /**
   * The address in every issue's `List-Unsubscribe` header (RFC 8058): a mail app posts
   * `List-Unsubscribe=One-Click` to it and the reader is off the list at once; opened in a
   * browser, it leads to the reader's page (`manage`).
   */
  oneClick: (token: string) => `/api/newsletter/one-click/${token}`,
  issue: (slug: string) => `/newsletter/${slug}`,
};

export const emailKeyOf = (email: string) => email.trim().toLowerCase();
/** The mailbox an address reaches: its key without a `+tag` (jo+news@x.com is jo@x.com's). */
export const mailboxKeyOf = (email: string) => emailKeyOf(email).replace(/\+[^@]*@/, '@');

export interface SubscriberOptions {
  db: Db;
  site: Site;
  now: () => Date;
  links: SubscriberLinks;
}

const state = (row: Pick<Row, 'email' | 'status' | 'cadence'>) => ({
  email: row.email,
  status: row.status,
  cadence: row.cadence,
});

/** The confirmation emails of the list (a factory over the site and the clock). */
function confirmationSender({ site, now }: Pick<SubscriberOptions, 'site' | 'now'>) {
  /**
   * Queues a confirmation email with a new link, unless the mailbox (the address or a `+tag`
   * variant of it) was sent one within the hour (`within: 'mailbox'`, a sign-up form anyone may
   * send), or this address a link still unused within the minute (`within: 'address'`: the
   * reader's own page, whose link only the address's owner holds). Called under the mailbox's lock.
   */
  return async function sendConfirmation(
    writer: Writer,
    row: Pick<Row, 'id' | 'email' | 'mailboxKey' | 'cadence'>,
    within: 'mailbox' | 'address' = 'mailbox',
  ) {
    const at = now();
    const [recent] = await writer
      .select({ id: newsletterSubscribers.id })
      .from(newsletterSubscribers)
      .where(
        within === 'mailbox'
          ? and(
              eq(newsletterSubscribers.mailboxKey, row.mailboxKey),
              gt(newsletterSubscribers.confirmationSentAt, new Date(at.getTime() - CONFIRMATION_EVERY_MS)),
            )
          : and(
              eq(newsletterSubscribers.id, row.id),
              // A link still unused, sent within the minute: that email is on its way.
              isNotNull(newsletterSubscribers.confirmHash),
              gt(newsletterSubscribers.confirmationSentAt, new Date(at.getTime() - OWN_PAGE_EVERY_MS)),
            ),
      )
      .limit(1);
    if (recent) return;
    const token = randomToken(24);
    const { html, text } = await confirmationEmail({
      site,
      confirmUrl: `${site.url}${paths.confirm(token)}`,
      choice: CADENCE_LABELS[row.cadence],
    });
    await writer
      .update(newsletterSubscribers)
      .set({ confirmationSentAt: at, confirmHash: sha256Hex(token) })
      .where(eq(newsletterSubscribers.id, row.id));
    await enqueueNotification(writer, {
      kind: 'newsletter',
      subject: `Confirm your subscription to ${site.name}’s newsletter`,
      fields: {},
      text,
      html,
      sourceId: row.id,
      recipient: row.email,
    });
  };
}

export function subscriberList({ db, site, now, links }: SubscriberOptions) {
  const sendConfirmation = confirmationSender({ site, now });

  const invalid = () => notFound('This link is not valid. Please subscribe again.');

  /** The subscriber a manage link names (or an old single link); a 404 with one message wherever it is used. */
  const byManageToken = async (token: string) => {
    const id = links.idOf(token);
    const [row] = await db
      .select()
      .from(newsletterSubscribers)
      .where(
        id === null
          ? eq(newsletterSubscribers.legacyLinkHash, sha256Hex(token))
          : eq(newsletterSubscribers.id, id),
      );
    if (!row) throw invalid();
    return row;
  };

  /** The subscriber an unused confirmation link is for. */
  const byConfirmToken = async (token: string) => {
    const [row] = await db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.confirmHash, sha256Hex(token)));
    return row;
  };

  const setStatus = (id: number, values: Partial<typeof newsletterSubscribers.$inferInsert>) =>
    db.update(newsletterSubscribers).set(values).where(eq(newsletterSubscribers.id, id)).returning();

  return {
    /**
     * A new address waits for its confirmation; a waiting one gets its email again (hourly at most);
     * a confirmed or bounced one is left as it is; an unsubscribed one gets a confirmation email and
     * stays off the list until it is followed. The answer is the same in every case.
     */
    async subscribe(input: SubscribeInput, writer?: Writer): Promise<void> {
      if (input.website) return;
      if (!writer) return db.transaction((tx) => this.subscribe(input, tx));
      const emailKey = emailKeyOf(input.email);
      const mailboxKey = mailboxKeyOf(input.email);
      await lockMailbox(writer, mailboxKey);
      const [existing] = await writer
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.emailKey, emailKey));
      if (!existing) {
        const [row] = await writer
          .insert(newsletterSubscribers)
          .values({
            email: input.email.trim(),
            emailKey,
            name: input.name ?? '',
            cadence: input.cadence,
            source: input.source,
            leadSource: input.leadSource ?? null,
            mailboxKey,
            consentAt: now(),
          })
          .onConflictDoNothing()
          .returning();
        // Another request for the same address won the race: that one sends the email.
        if (row) await sendConfirmation(writer, row);
        return;
      }
      if (existing.status === 'pending') {
        // Still unconfirmed: the latest choice counts (nobody receives anything before confirming).
        const [row] = await writer
          .update(newsletterSubscribers)
          .set({ cadence: input.cadence, ...(input.name ? { name: input.name } : {}) })
          .where(eq(newsletterSubscribers.id, existing.id))
          .returning();
        await sendConfirmation(writer, row ?? existing);
      } else if (existing.status === 'unsubscribed') {
        await sendConfirmation(writer, existing);
      }
    },

    /**
     * The state behind a subscriber's link, for its page: a manage link, or an unused confirmation
     * link (404 for any other).
     */
    async byToken(token: string) {
      const waiting = links.idOf(token) === null ? await byConfirmToken(token) : undefined;
      return state(waiting ?? (await byManageToken(token)));
    },

    /**
     * A confirmation link's one button pressed: on the list from now on (also after leaving, or a
     * bounce). The link is spent; the answer names the subscriber's manage link, where the page goes.
     * A spent link, or any other, is a 404 (a manage link never confirms).
     */
    async confirm(token: string) {
      const row = await byConfirmToken(token);
      if (!row)
        throw notFound(
          'This confirmation link was already used or has been replaced by a newer one. Please subscribe again.',
        );
      const at = now();
      const [updated] = await setStatus(row.id, {
        status: 'confirmed',
        confirmedAt: at,
        unsubscribedAt: null,
        bounces: 0,
        confirmHash: null,
        // Coming back is a new consent.
        ...(row.status === 'pending' ? {} : { consentAt: at }),
      });
      return { ...state(updated ?? row), manage: links.manageToken(row.id) };
    },

    /**
     * Off the list at once; what was queued for them is not sent, and an unused confirmation link
     * is void. Saying it twice changes nothing.
     */
    async unsubscribe(token: string) {
      const row = await byManageToken(token);
      if (row.status !== 'unsubscribed') {
        await db.transaction(async (tx) => {
          await tx
            .update(newsletterSubscribers)
            // Kept: the address and the dates, so it is never added back without them; forgotten: the rest.
            .set({
              status: 'unsubscribed',
              unsubscribedAt: now(),
              name: '',
              leadSource: null,
              confirmHash: null,
            })
            .where(eq(newsletterSubscribers.id, row.id));
          await tx
            .update(newsletterDeliveries)
            .set({ status: 'failed', lastError: 'Unsubscribed before it was sent' })
            .where(
              and(eq(newsletterDeliveries.subscriberId, row.id), eq(newsletterDeliveries.status, 'pending')),
            );
        });
      }
      return { email: row.email, status: 'unsubscribed' as const, cadence: row.cadence };
    },

    /**
     * Coming back from the manage page: a new confirmation email (one a minute at most), never the
     * list at once, so the link that unsubscribed cannot put the address back by itself.
     */
    async comeBack(token: string) {
      const row = await byManageToken(token);
      if (row.status === 'unsubscribed' || row.status === 'bounced' || row.status === 'pending')
        await db.transaction(async (tx) => {
          await lockMailbox(tx, row.mailboxKey);
          await sendConfirmation(tx, row, 'address');
        });
      return state(row);
    },

    /** Changes how often; only for someone on the list (the link's holder). */
    async setCadence(token: string, cadence: NewsletterCadence) {
      const row = await byManageToken(token);
      await setStatus(row.id, { cadence });
      return { email: row.email, status: row.status, cadence };
    },

    ...ownerSide({ db, now }),
  };
}

export type SubscriberList = ReturnType<typeof subscriberList>;
