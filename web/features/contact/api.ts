import type { LeadSource, QuoteRequestInput } from '../../../common/schemas/contact.ts';
import { requestJson } from '../../lib/request.ts';

/** Where a quote request goes (spec section 7). */
export const QUOTE_PATH = '/api/contact';

/** Sends a quote request with where the visitor came from. */
export const sendQuote = (quote: QuoteRequestInput, source: LeadSource | undefined) =>
  requestJson<{ message: string; kind: 'quote' | 'contact' }>('POST', QUOTE_PATH, { ...quote, source });
