/** The owner's inbox and pipeline: their API paths, reads and requests (kept out of the home page's code). */
import { useQuery } from '@tanstack/react-query';
import type { Pipeline, QuoteEvent } from '../../../common/schemas/contact.ts';
import { ADMIN_PREFIX } from '../../lib/api.ts';
import { apiRequest } from '../../lib/request.ts';

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

export const updateInboxItem = (kind: string, id: number, changes: { read?: boolean; archived?: boolean }) =>
  apiRequest('PATCH', contactOwnerPaths.inboxItem(kind, id), changes);
