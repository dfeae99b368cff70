/** Where a quote request goes (spec section 7). */
export const QUOTE_PATH = '/api/contact';

/** The quote form's name in the home page's action. */
export const QUOTE_FORM = 'quote';
