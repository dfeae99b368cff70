/** The quote form in the home page's action (route-form.server.ts): its rules, and where it goes. */
import { quoteRequestSchema } from '../../../common/schemas/contact.ts';
import { DONE_PARAM, doneAnchor } from '../../lib/form-post.ts';
import { routeForm } from '../../lib/route-form.server.ts';
import { QUOTE_FORM, QUOTE_PATH } from './api.ts';

export const quoteForms = {
  [QUOTE_FORM]: routeForm({
    schema: quoteRequestSchema,
    failure: { title: 'Error', fallback: 'Failed to send message. Please try again.' },
    // Where the visit came from goes with it (the visit's cookie, whether the page ran code or not).
    call: (values, { context }) => ({
      method: 'POST',
      path: QUOTE_PATH,
      body: { ...values, source: context.visit?.source ?? undefined },
    }),
    // The Thank You panel in view, not the section's top (it was 1,063 px below the screen).
    doneAt: () => `/?${DONE_PARAM}=${QUOTE_FORM}#${doneAnchor(QUOTE_FORM)}`,
  }),
};
