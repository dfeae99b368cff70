/**
 * The owner's inbox of the contact module: quote requests and contact messages in one list (each
 * with whether its email went out), read and archived, the unread count, and the leads since a
 * date for the digest.
 */
import { and, desc, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AdminInboxItem, InboxKind, InboxState } from '../../../common/schemas/contact.ts';
import type { OutboxStatus } from '../../../common/schemas/notifications.ts';
import type { Page, PageQuery } from '../../../common/schemas/shared.ts';
import type { Db } from '../../db/client.ts';
import { countOf, newestFirst, withIsoDates } from '../../db/paging.ts';
import { contactMessages, notificationOutbox, quoteRequests } from '../../db/schema.ts';
import { notFound } from '../../lib/http-error.ts';

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

export function ownerInbox(db: Db, now: () => Date) {
  return {
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
