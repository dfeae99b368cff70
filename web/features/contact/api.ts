/** Where a quote request goes (spec section 7). */
export const QUOTE_PATH = '/api/contact';
