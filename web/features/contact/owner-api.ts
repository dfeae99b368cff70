/** The owner's inbox and pipeline: their API paths, reads and requests (kept out of the home page's code). */
import { useQuery } from '@tanstack/react-query';
import type { Pipeline, QuoteEvent } from '../../../common/schemas/contact.ts';
import { ADMIN_PREFIX } from '../../lib/api.ts';

/** The owner's inbox and pipeline. */
export const contactOwnerPaths = {
  inbox: `${ADMIN_PREFIX}inbox`,
  inboxItem: (kind: string, id: number) => `${ADMIN_PREFIX}inbox/${kind}/${id}`,
  pipeline: `${ADMIN_PREFIX}pipeline`,
  quote: (id: number) => `${ADMIN_PREFIX}quotes/${id}`,
  quoteHistory: (id: number) => `${ADMIN_PREFIX}quotes/${id}/history`,
  quoteNotes: (id: number) => `${ADMIN_PREFIX}quotes/${id}/notes`,
} as const;

/** The pipeline's board: each stage's requests, the figures and the sources. */
export const usePipeline = () => useQuery<Pipeline>({ queryKey: [contactOwnerPaths.pipeline] });

/** A request's history and notes, read only when `enabled` (a row opened). */
export const useQuoteHistory = (id: number, enabled: boolean) =>
  useQuery<QuoteEvent[]>({ queryKey: [contactOwnerPaths.quoteHistory(id)], enabled });

/** The board's forms by name in the pipeline page's action: a request's stage, value and a note. */
export const PIPELINE_FORMS = { stage: 'stage', value: 'value', note: 'note' } as const;

/**
 * An inbox entry's 'Mark as read', 'Mark as unread', 'Archive' and 'Move to inbox': one form of its
 * row (`id` is `<kind>-<id>`), the button pressed says which (`change`).
 */
export const INBOX_FORM = 'inbox-item';
export const INBOX_CHANGES = {
  read: { read: true },
  unread: { read: false },
  archive: { archived: true },
  unarchive: { archived: false },
} as const;
export type InboxChange = keyof typeof INBOX_CHANGES;
