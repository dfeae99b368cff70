/** Where a quote request goes (spec section 7). */
import { ADMIN_PREFIX } from '../admin/api.ts';
export const QUOTE_PATH = '/api/contact';

/** The owner's inbox and pipeline. */
export const contactOwnerPaths = {
  inbox: `${ADMIN_PREFIX}inbox`,
  inboxItem: (kind: string, id: number) => `${ADMIN_PREFIX}inbox/${kind}/${id}`,
  pipeline: `${ADMIN_PREFIX}pipeline`,
  quote: (id: number) => `${ADMIN_PREFIX}quotes/${id}`,
  quoteHistory: (id: number) => `${ADMIN_PREFIX}quotes/${id}/history`,
  quoteNotes: (id: number) => `${ADMIN_PREFIX}quotes/${id}/notes`,
} as const;
