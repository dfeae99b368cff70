/**
 * Verified testimonials (issue 21, point 3). The owner asks a named client, optionally about a
 * won quote request; the site makes a private link (only its SHA-256 is stored) and, given an
 * address, emails it through the outbox. The client writes name, role, company, their words and
 * an optional rating through the link, may change them or withdraw them later through the same
 * link; the owner approves. The home page shows the approved ones, newest first; until the first
 * exists, the placeholders of content/testimonials.ts.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Testimonial } from '../../../common/schemas/content.ts';
import type {
  AdminTestimonial,
  ShownTestimonial,
  TestimonialInvite,
  TestimonialLink,
  testimonialRequestSchema,
  testimonialSubmissionSchema,
} from '../../../common/schemas/testimonials.ts';
import type { Db } from '../../db/client.ts';
import { withIsoDates } from '../../db/paging.ts';
import { quoteRequests, testimonials } from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import type { ReadCache } from '../../lib/read-cache.ts';
import { randomToken, sha256Hex } from '../../lib/tokens.ts';
import { enqueueNotification } from '../notifications/service.ts';

export const TESTIMONIALS_CACHE_KEY = 'testimonials';
/** The most the home page shows. */
export const SHOWN_TESTIMONIALS = 6;
/** Where a client writes: `${siteUrl}${TESTIMONIAL_LINK_PATH}${token}`. */
export const TESTIMONIAL_LINK_PATH = '/testimonial/';

type Submission = z.output<typeof testimonialSubmissionSchema>;
type RequestInput = z.output<typeof testimonialRequestSchema>;

export const TESTIMONIAL_NOT_FOUND = 'This testimonial link is not valid. Please ask for a new one.';
export const NOTHING_TO_WITHDRAW = 'There is nothing to withdraw yet.';
export const NOT_SUBMITTED = 'The client has not sent this testimonial yet.';

export interface TestimonialOptions {
  siteUrl: string;
  ownerName: string;
  /** Shown while no approved testimonial exists. */
  placeholders: Testimonial[];
  now?: () => Date;
}

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

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function createTestimonialService(db: Db, cache: ReadCache, options: TestimonialOptions) {
  const now = options.now ?? (() => new Date());
  const linkFor = (token: string) => `${options.siteUrl}${TESTIMONIAL_LINK_PATH}${token}`;
  const forgetShown = () => cache.invalidate(TESTIMONIALS_CACHE_KEY);

  async function adminRow(id: number): Promise<AdminTestimonial> {
    const [row] = await db
      .select(adminColumns)
      .from(testimonials)
      .leftJoin(quoteRequests, eq(quoteRequests.id, testimonials.quoteId))
      .where(eq(testimonials.id, id));
    if (!row) throw notFound('Testimonial not found');
    return withIsoDates(row);
  }

  async function byToken(token: string) {
    // A token is 43 URL-safe characters; anything else cannot match and is not looked up.
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw notFound(TESTIMONIAL_NOT_FOUND);
    const [row] = await db
      .select()
      .from(testimonials)
      .where(eq(testimonials.tokenHash, sha256Hex(token)));
    if (!row) throw notFound(TESTIMONIAL_NOT_FOUND);
    return row;
  }

  async function invite(token: string): Promise<TestimonialInvite> {
    const row = await byToken(token);
    return {
      clientName: row.clientName,
      ownerName: options.ownerName,
      status: row.status,
      name: row.name,
      role: row.role,
      company: row.company,
      quote: row.quote,
      rating: row.rating,
      submittedAt: iso(row.submittedAt),
    };
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
      const link = linkFor(token);
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
      return { testimonial: await adminRow(id), link: linkFor(token), emailed: false };
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

    /** What the private link shows. */
    invite,

    /**
     * The client sends (or changes) their testimonial. The same words sent again change nothing
     * (a second click, a reload); changed words wait for the owner's approval again.
     */
    async submit(token: string, input: Submission): Promise<TestimonialInvite> {
      const row = await byToken(token);
      const values = {
        name: input.name,
        role: input.role ?? null,
        company: input.company ?? null,
        quote: input.quote,
        rating: input.rating,
      };
      const unchanged =
        (row.status === 'submitted' || row.status === 'approved') &&
        (Object.keys(values) as (keyof typeof values)[]).every((key) => row[key] === values[key]);
      if (unchanged) return invite(token);
      await db.transaction(async (tx) => {
        await tx
          .update(testimonials)
          .set({ ...values, status: 'submitted', submittedAt: now(), approvedAt: null, withdrawnAt: null })
          .where(eq(testimonials.id, row.id));
        await enqueueNotification(tx, {
          kind: 'testimonial',
          sourceId: row.id,
          subject:
            row.status === 'approved'
              ? `${input.name} changed their testimonial: approve it again`
              : `New testimonial from ${input.name}: approve it to show it`,
          fields: {
            Name: input.name,
            Role: input.role,
            Company: input.company,
            Rating: input.rating === null ? undefined : `${input.rating} of 5`,
            Testimonial: input.quote,
            Approve: `${options.siteUrl}/admin/blog/testimonials`,
          },
        });
      });
      if (row.status === 'approved') forgetShown();
      return invite(token);
    },

    /** The client takes their testimonial back: it leaves the site at once. Twice changes nothing. */
    async withdraw(token: string): Promise<TestimonialInvite> {
      const row = await byToken(token);
      if (row.status === 'requested') throw new HttpError(409, NOTHING_TO_WITHDRAW);
      if (row.status !== 'withdrawn') {
        await db
          .update(testimonials)
          .set({ status: 'withdrawn', withdrawnAt: now(), approvedAt: null })
          .where(eq(testimonials.id, row.id));
        if (row.status === 'approved') forgetShown();
      }
      return invite(token);
    },

    /** The home page's testimonials: the approved ones, or the placeholders until one exists. */
    async shown(): Promise<ShownTestimonial[]> {
      const rows = await db
        .select({
          name: testimonials.name,
          role: testimonials.role,
          company: testimonials.company,
          quote: testimonials.quote,
          rating: testimonials.rating,
          submittedAt: testimonials.submittedAt,
        })
        .from(testimonials)
        .where(eq(testimonials.status, 'approved'))
        .orderBy(desc(testimonials.approvedAt), desc(testimonials.id))
        .limit(SHOWN_TESTIMONIALS);
      if (rows.length === 0) {
        return options.placeholders.map((placeholder) => ({
          ...placeholder,
          company: null,
          rating: null,
          verified: false,
          date: null,
        }));
      }
      return rows.map((row) => ({
        quote: row.quote ?? '',
        name: row.name ?? '',
        role: row.role ?? '',
        company: row.company,
        rating: row.rating,
        verified: true,
        date: iso(row.submittedAt),
      }));
    },
  };
}

export type TestimonialService = ReturnType<typeof createTestimonialService>;
