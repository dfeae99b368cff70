import type { z } from 'zod';
import type { contactMessageSchema, quoteRequestSchema } from '../../../common/schemas/forms.ts';
import type { Db } from '../../db/client.ts';
import { contactMessages, quoteRequests } from '../../db/schema.ts';
import { enqueueNotification } from '../notifications/service.ts';

type Quote = z.output<typeof quoteRequestSchema>;
type ContactMessage = z.output<typeof contactMessageSchema>;

export function createContactService(db: Db) {
  return {
    /** Stores a quote request and its notification together. */
    async submitQuote(quote: Quote, ipAddress: string): Promise<number> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(quoteRequests)
          .values({ ...quote, ipAddress })
          .returning({ id: quoteRequests.id });
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
          },
        });
        return row?.id ?? 0;
      });
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
  };
}

export type ContactService = ReturnType<typeof createContactService>;
