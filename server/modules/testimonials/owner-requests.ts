/**
 * The owner's side of the testimonials: the requests, a new one (its private link emailed through
 * the outbox when an address is given), a fresh link, and approving, hiding or removing one.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AdminTestimonial,
  TestimonialLink,
  testimonialRequestSchema,
} from '../../../common/schemas/testimonials.ts';
import { withIsoDates } from '../../db/paging.ts';
import { quoteRequests, testimonials } from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { randomToken, sha256Hex } from '../../lib/tokens.ts';
import { enqueueNotification } from '../notifications/service.ts';
import { linkFor, NOT_SUBMITTED, type TestimonialContext } from './context.ts';

type RequestInput = z.output<typeof testimonialRequestSchema>;

const adminColumns = {
  id: testimonials.id,
  clientName: testimonials.clientName,
  clientEmail: testimonials.clientEmail,
  quoteId: testimonials.quoteId,
  quoteName: quoteRequests.name,
  status: testimonials.status,
  name: testimonials.name,
  role: testimonials.role,
  company: testimonials.company,
  quote: testimonials.quote,
  rating: testimonials.rating,
  createdAt: testimonials.createdAt,
  submittedAt: testimonials.submittedAt,
  approvedAt: testimonials.approvedAt,
  withdrawnAt: testimonials.withdrawnAt,
};

export function ownerRequests(context: TestimonialContext) {
  const { db, options, now, forgetShown } = context;

  async function adminRow(id: number): Promise<AdminTestimonial> {
    const [row] = await db
      .select(adminColumns)
      .from(testimonials)
      .leftJoin(quoteRequests, eq(quoteRequests.id, testimonials.quoteId))
      .where(eq(testimonials.id, id));
    if (!row) throw notFound('Testimonial not found');
    return withIsoDates(row);
  }

  function invitationFields(link: string) {
    return {
      Message: `${options.ownerName} would be grateful for a few words about working together, to show on the site. It takes a minute; you can change or withdraw what you write at any time through the same link.`,
      Link: link,
    };
  }

  return {
    /** Every request, newest first (the owner asks a handful of clients a year). */
    async list(): Promise<AdminTestimonial[]> {
      const rows = await db
        .select(adminColumns)
        .from(testimonials)
        .leftJoin(quoteRequests, eq(quoteRequests.id, testimonials.quoteId))
        .orderBy(desc(testimonials.createdAt), desc(testimonials.id))
        .limit(500);
      return rows.map((row) => withIsoDates(row));
    },

    async waitingCount(): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(testimonials)
        .where(eq(testimonials.status, 'submitted'));
      return row?.count ?? 0;
    },

    /** A new request: its private link, emailed to the client through the outbox when an address is given. */
    async create(input: RequestInput): Promise<TestimonialLink> {
      const token = randomToken();
      const link = linkFor(context, token);
      const id = await db.transaction(async (tx) => {
        if (input.quoteId !== null) {
          const [quote] = await tx
            .select({ id: quoteRequests.id })
            .from(quoteRequests)
            .where(eq(quoteRequests.id, input.quoteId));
          if (!quote) throw notFound('Quote request not found');
        }
        const [row] = await tx
          .insert(testimonials)
          .values({
            clientName: input.clientName,
            clientEmail: input.email ?? null,
            quoteId: input.quoteId,
            tokenHash: sha256Hex(token),
          })
          .returning({ id: testimonials.id });
        if (!row) throw new Error('The testimonial request was not stored');
        if (input.email) {
          await enqueueNotification(tx, {
            kind: 'testimonial',
            sourceId: row.id,
            recipient: input.email,
            subject: `${options.ownerName} asks for a few words about your project`,
            greeting: input.clientName,
            fields: invitationFields(link),
          });
        }
        return row.id;
      });
      return { testimonial: await adminRow(id), link, emailed: !!input.email };
    },

    /** A fresh private link for a request (the old one stops working), e.g. when the client lost the email. */
    async newLink(id: number): Promise<TestimonialLink> {
      const token = randomToken();
      const [row] = await db
        .update(testimonials)
        .set({ tokenHash: sha256Hex(token) })
        .where(eq(testimonials.id, id))
        .returning({ id: testimonials.id });
      if (!row) throw notFound('Testimonial not found');
      return { testimonial: await adminRow(id), link: linkFor(context, token), emailed: false };
    },

    /** Puts a sent testimonial on the site; approving an approved one changes nothing. */
    async approve(id: number): Promise<AdminTestimonial> {
      const [row] = await db
        .update(testimonials)
        .set({ status: 'approved', approvedAt: now() })
        .where(and(eq(testimonials.id, id), eq(testimonials.status, 'submitted')))
        .returning({ id: testimonials.id });
      if (!row) {
        const current = await adminRow(id);
        if (current.status !== 'approved') throw new HttpError(409, NOT_SUBMITTED);
        return current;
      }
      forgetShown();
      return adminRow(id);
    },

    /** Takes an approved testimonial off the site; it waits for approval again. */
    async hide(id: number): Promise<AdminTestimonial> {
      const [row] = await db
        .update(testimonials)
        .set({ status: 'submitted', approvedAt: null })
        .where(and(eq(testimonials.id, id), eq(testimonials.status, 'approved')))
        .returning({ id: testimonials.id });
      if (row) forgetShown();
      return adminRow(id);
    },

    async remove(id: number): Promise<void> {
      const [row] = await db
        .delete(testimonials)
        .where(eq(testimonials.id, id))
        .returning({ status: testimonials.status });
      if (!row) throw notFound('Testimonial not found');
      if (row.status === 'approved') forgetShown();
    },
  };
}
