/** Where a quote request goes (spec section 7). */
import { useQuery } from '@tanstack/react-query';
import type {
  AdminQuote,
  LeadSource,
  Pipeline,
  QuoteEvent,
  QuoteRequestInput,
  QuoteUpdateInput,
} from '../../../common/schemas/contact.ts';
import { apiRequest, requestJson } from '../../lib/request.ts';
import { ADMIN_PREFIX } from '../admin/api.ts';
export const QUOTE_PATH = '/api/contact';

/** Sends a quote request with where the visitor came from. */
export const sendQuote = (quote: QuoteRequestInput, source: LeadSource | undefined) =>
  requestJson<{ message: string; kind: 'quote' | 'contact' }>('POST', QUOTE_PATH, { ...quote, source });
