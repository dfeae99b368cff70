/**
 * Quote requests and contact messages (the contact module): a visitor's request or message stored
 * with its notification, a lead a booked call starts or ends, put together with the pipeline
 * (pipeline.ts) and the owner's inbox (inbox.ts).
 */
import { and, desc, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { describeSource } from '../../../common/lead-source.ts';
import type {
  contactMessageSchema,
  LeadSource,
  quoteRequestSchema,
} from '../../../common/schemas/contact.ts';
import type { Db } from '../../db/client.ts';
import { contactMessages, quoteEvents, quoteRequests } from '../../db/schema.ts';
import type { CountryOf } from '../../lib/country.ts';
import { claimPost, postKey } from '../../lib/identical-posts.ts';
import type { SubscriberList } from '../newsletter/service.ts';
import { enqueueNotification } from '../notifications/service.ts';
import { ownerInbox } from './inbox.ts';
import { changeQuote, quotePipeline } from './pipeline.ts';
import { firstTouchOf, visitStart } from './touches.ts';

type Quote = z.output<typeof quoteRequestSchema>;
type ContactMessage = z.output<typeof contactMessageSchema>;

/** The newest open request (New, Replied or Proposal sent, not archived) of an email, any case. */
const openLeadOf = (tx: Pick<Db, 'select'>, email: string) =>
  tx
    .select()
    .from(quoteRequests)
    .where(
      and(
        sql`lower(${quoteRequests.email}) = ${email.trim().toLowerCase()}`,
        inArray(quoteRequests.stage, ['new', 'replied', 'proposal']),
        isNull(quoteRequests.archivedAt),
      ),
    )
    .orderBy(desc(quoteRequests.createdAt), desc(quoteRequests.id))
    .limit(1);

export function createContactService(
  db: Db,
  now: () => Date = () => new Date(),
  newsletter?: Pick<SubscriberList, 'subscribe'>,
  countryOf: CountryOf = async () => null,
) {
  /**
   * A request's source as kept: the country of its address added (never the one a client sent),
   * and when its visit began, believably (touches.ts).
   */
  async function keptSource(source: LeadSource | undefined, ipAddress: string): Promise<LeadSource | null> {
    if (!source) return null;
    const { country: _sent, startedAt, ...rest } = source;
    const country = await countryOf(ipAddress);
    return { ...rest, startedAt: visitStart(startedAt, now()), ...(country ? { country } : {}) };
  }

  return {
    ...quotePipeline(db, now),
    ...ownerInbox(db, now),

    /** Stores a quote request and tells the owner; 0 when an identical one was just sent (stored once). */
    async submitQuote({ source: sent, ...quote }: Quote, ipAddress: string): Promise<number> {
      const source = await keptSource(sent, ipAddress);
      return db.transaction(async (tx) => {
        if (!(await claimPost(tx, postKey('quote', quote), now())).first) return 0;
        const firstTouch = source ? await firstTouchOf(tx, quote.email, source, now()) : null;
        const [row] = await tx
          .insert(quoteRequests)
          .values({ ...quote, leadSource: source, firstTouch, ipAddress })
          .returning({ id: quoteRequests.id });
        // The newsletter box: the same double opt-in as the newsletter's own form.
        if (quote.newsletter && newsletter) {
          await newsletter.subscribe(
            {
              email: quote.email,
              name: quote.name.split(/\s+/)[0],
              cadence: 'each',
              source: 'quote',
              ...(source ? { leadSource: source } : {}),
            },
            tx,
          );
        }
        await enqueueNotification(tx, {
          kind: 'quote',
          sourceId: row?.id,
          subject: `New quote request from ${quote.name}`,
          fields: {
            Name: quote.name,
            Email: quote.email,
            Phone: quote.phone,
            Company: quote.company,
            'Project type': quote.projectType,
            Budget: quote.budget,
            Timeframe: quote.timeframe,
            Newsletter: quote.newsletter ? 'yes' : 'no',
            Message: quote.message,
            'Came from': source ? describeSource(source) : undefined,
          },
        });
        return row?.id ?? 0;
      });
    },

    /**
     * A booked call in the pipeline (issue 49, point 3): it joins the newest open request of the
     * same email (a note in its history, the request's own source kept), or starts a lead of its
     * own with the call's source and first touch, as a quote request does (its project, budget and
     * timeframe not said: 'other' and 'flexible'). In the booking's transaction.
     */
    async leadFromBooking(
      tx: Pick<Db, 'select' | 'insert'>,
      call: { name: string; email: string; note: string },
      sent: LeadSource | undefined,
      ipAddress: string,
    ): Promise<{ quoteId: number; joined: boolean }> {
      const [open] = await openLeadOf(tx, call.email);
      if (open) {
        await tx.insert(quoteEvents).values({ quoteId: open.id, note: call.note, createdAt: now() });
        return { quoteId: open.id, joined: true };
      }
      const source = await keptSource(sent, ipAddress);
      const firstTouch = source ? await firstTouchOf(tx, call.email, source, now()) : null;
      const [row] = await tx
        .insert(quoteRequests)
        .values({
          name: call.name,
          email: call.email,
          projectType: 'other',
          budget: 'flexible',
          timeframe: 'flexible',
          message: call.note,
          leadSource: source,
          firstTouch,
          origin: 'call',
          ipAddress,
          createdAt: now(),
        })
        .returning({ id: quoteRequests.id });
      return { quoteId: row?.id ?? 0, joined: false };
    },

    /**
     * A booked call cancelled by the visitor (issue 65): a note in the history of their newest open
     * request, and a lead the call started that nobody has answered yet (still New, no other call
     * booked) is Lost: the visitor withdrew it, so it no longer waits on the board for a reply. In
     * the cancellation's transaction.
     */
    async callCancelled(
      tx: Pick<Db, 'select' | 'insert' | 'update'>,
      call: { email: string; note: string; otherCallBooked: boolean },
    ): Promise<void> {
      const [open] = await openLeadOf(tx, call.email).for('update');
      if (!open) return;
      const at = now();
      await tx.insert(quoteEvents).values({ quoteId: open.id, note: call.note, createdAt: at });
      if (open.stage === 'new' && open.origin === 'call' && !call.otherCallBooked)
        await changeQuote(tx, open, { stage: 'lost' }, at);
    },

    /** Stores a message and tells the owner; 0 when an identical one was just sent (stored once). */
    async submitMessage(message: ContactMessage, ipAddress: string): Promise<number> {
      return db.transaction(async (tx) => {
        if (!(await claimPost(tx, postKey('message', message), now())).first) return 0;
        const [row] = await tx
          .insert(contactMessages)
          .values({ ...message, ipAddress })
          .returning({ id: contactMessages.id });
        await enqueueNotification(tx, {
          kind: 'contact',
          sourceId: row?.id,
          subject: `New message: ${message.subject}`,
          fields: {
            Name: message.name,
            Email: message.email,
            Subject: message.subject,
            Message: message.message,
          },
        });
        return row?.id ?? 0;
      });
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
