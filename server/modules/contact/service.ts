import { and, desc, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { describeSource } from '../../../common/lead-source.ts';
import type {
  AdminInboxItem,
  contactMessageSchema,
  InboxKind,
  InboxState,
  LeadSource,
  quoteRequestSchema,
} from '../../../common/schemas/contact.ts';
import type { OutboxStatus } from '../../../common/schemas/notifications.ts';
import type { Page, PageQuery } from '../../../common/schemas/shared.ts';
import type { Db } from '../../db/client.ts';
import { countOf, newestFirst, withIsoDates } from '../../db/paging.ts';
import { contactMessages, notificationOutbox, quoteEvents, quoteRequests } from '../../db/schema.ts';
import type { CountryOf } from '../../lib/country.ts';
import { notFound } from '../../lib/http-error.ts';
import { claimPost, postKey } from '../../lib/identical-posts.ts';
import type { SubscriberList } from '../newsletter/service.ts';
import { enqueueNotification } from '../notifications/service.ts';
import { changeQuote, quotePipeline } from './pipeline.ts';
import { firstTouchOf, visitStart } from './touches.ts';

type Quote = z.output<typeof quoteRequestSchema>;
type ContactMessage = z.output<typeof contactMessageSchema>;

const inboxTables = { quote: quoteRequests, contact: contactMessages } as const;
/** The inbox's rows: messages, and quote requests (a lead a booked call started is the Calls page's). */
const inboxWhere = (table: typeof quoteRequests | typeof contactMessages, state: InboxState) =>
  and(
    table === quoteRequests ? eq(quoteRequests.origin, 'quote') : undefined,
    {
      open: isNull(table.archivedAt),
      unread: and(isNull(table.archivedAt), isNull(table.readAt)),
      archived: isNotNull(table.archivedAt),
    }[state],
  );

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

    /** Stores a quote request and its notification together. */
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

    async submitMessage(message: ContactMessage, ipAddress: string): Promise<number> {
      return db.transaction(async (tx) => {
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

    // --- the owner's inbox --------------------------------------------------------------
    /** Quote requests and contact messages nobody has read or archived yet. */
    async unreadCount(): Promise<number> {
      const [quotes, contacts] = await Promise.all([
        countOf(db, quoteRequests, inboxWhere(quoteRequests, 'unread')),
        countOf(db, contactMessages, inboxWhere(contactMessages, 'unread')),
      ]);
      return quotes + contacts;
    },

    /**
     * Quote requests and contact messages in one list, newest first, optionally one kind only,
     * each with whether its notification email went out.
     */
    async listInbox(
      kind: InboxKind | 'all',
      state: InboxState,
      query: PageQuery,
    ): Promise<Page<AdminInboxItem>> {
      const kinds = kind === 'all' ? (['quote', 'contact'] as const) : [kind];
      const keys = kinds.map((k) => {
        const table = inboxTables[k];
        return db
          .select({ kind: sql<InboxKind>`${k}::text`.as('kind'), id: table.id, createdAt: table.createdAt })
          .from(table)
          .where(inboxWhere(table, state));
      });
      const totals = await Promise.all(
        kinds.map((k) => countOf(db, inboxTables[k], inboxWhere(inboxTables[k], state))),
      );
      const [first, second] = keys;
      if (!first) throw new Error('no inbox kind');
      const offset = (query.page - 1) * query.pageSize;
      const page = await (second ? first.unionAll(second) : first)
        .orderBy(desc(sql`created_at`), desc(sql`id`))
        .limit(query.pageSize)
        .offset(offset);
      const idsOf = (k: InboxKind) => page.filter((row) => row.kind === k).map((row) => row.id);
      const quoteIds = idsOf('quote');
      const contactIds = idsOf('contact');
      const [quotes, contacts, deliveries] = await Promise.all([
        quoteIds.length ? db.select().from(quoteRequests).where(inArray(quoteRequests.id, quoteIds)) : [],
        contactIds.length
          ? db.select().from(contactMessages).where(inArray(contactMessages.id, contactIds))
          : [],
        page.length
          ? db
              .select({
                kind: notificationOutbox.kind,
                sourceId: notificationOutbox.sourceId,
                status: notificationOutbox.status,
              })
              .from(notificationOutbox)
              .where(
                and(
                  inArray(notificationOutbox.kind, [...kinds]),
                  inArray(
                    notificationOutbox.sourceId,
                    page.map((row) => row.id),
                  ),
                ),
              )
              .orderBy(notificationOutbox.id)
          : [],
      ]);
      const status = new Map<string, OutboxStatus>(
        deliveries.map((row) => [`${row.kind}:${row.sourceId}`, row.status]),
      );
      const emailStatus = (k: InboxKind, id: number) => status.get(`${k}:${id}`) ?? 'unknown';
      const byKey = new Map<string, AdminInboxItem>([
        ...quotes.map(
          (row) =>
            [
              `quote:${row.id}`,
              { kind: 'quote' as const, ...withIsoDates(row), emailStatus: emailStatus('quote', row.id) },
            ] as const,
        ),
        ...contacts.map(
          (row) =>
            [
              `contact:${row.id}`,
              { kind: 'contact' as const, ...withIsoDates(row), emailStatus: emailStatus('contact', row.id) },
            ] as const,
        ),
      ]);
      return {
        items: page.flatMap((row) => byKey.get(`${row.kind}:${row.id}`) ?? []),
        page: query.page,
        pageSize: query.pageSize,
        total: totals.reduce((sum, n) => sum + n, 0),
      };
    },

    /** Marks an inbox item read or unread, archived or back in the inbox. */
    async updateInboxItem(kind: InboxKind, id: number, changes: { read?: boolean; archived?: boolean }) {
      const table = inboxTables[kind];
      const at = now();
      const [row] = await db
        .update(table)
        .set({
          ...(changes.read === undefined
            ? {}
            : { readAt: changes.read ? sql`coalesce(${table.readAt}, ${at})` : null }),
          ...(changes.archived === undefined
            ? {}
            : { archivedAt: changes.archived ? sql`coalesce(${table.archivedAt}, ${at})` : null }),
        })
        .where(eq(table.id, id))
        .returning({ id: table.id });
      if (!row) throw notFound(kind === 'quote' ? 'Quote request not found' : 'Message not found');
    },

    /** Quote requests (names and project types; not the calls' leads) and how many messages arrived since `since`. */
    async leadsSince(
      since: Date,
    ): Promise<{ quotes: Array<{ name: string; projectType: string }>; messages: number }> {
      const [quotes, messages] = await Promise.all([
        db
          .select({ name: quoteRequests.name, projectType: quoteRequests.projectType })
          .from(quoteRequests)
          .where(and(gte(quoteRequests.createdAt, since), eq(quoteRequests.origin, 'quote')))
          .orderBy(quoteRequests.createdAt),
        countOf(db, contactMessages, gte(contactMessages.createdAt, since)),
      ]);
      return { quotes, messages };
    },

    async listQuotes(query: PageQuery) {
      const by = [quoteRequests.createdAt, quoteRequests.id];
      return newestFirst(db, quoteRequests, query, { by, map: withIsoDates });
    },

    async listContacts(query: PageQuery) {
      const by = [contactMessages.createdAt, contactMessages.id];
      return newestFirst(db, contactMessages, query, { by, map: withIsoDates });
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
