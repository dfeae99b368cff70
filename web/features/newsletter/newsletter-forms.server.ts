/**
 * The sign-up form in /newsletter's action (route-form.server.ts): every sign-up form on the site
 * posts there, and a success goes back to the page it was sent from, where that form says so.
 * Where the visit came from goes with it (the visit's cookie).
 */
import { subscribeSchema } from '../../../common/schemas/newsletter.ts';
import { z } from '../../../common/schemas/zod.ts';
import { localPath } from '../../lib/paths.ts';
import { donePath, routeForm } from '../../lib/route-form.server.ts';
import { newsletterApi, newsletterPaths, SUBSCRIBE_FORM } from './api.ts';

const PLACES = ['post', 'blog', 'home', 'footer', 'newsletter'] as const;

/** The sign-up's fields, the form it was sent from and the page to go back to. */
const signupSchema = subscribeSchema.extend({
  place: z.enum(PLACES).catch('newsletter'),
  // A page of this site (never another site's address: `localPath`), else the newsletter's own.
  back: z
    .string()
    .catch('')
    .transform((value) => localPath(value) ?? newsletterPaths.page),
});

export const subscribeForms = {
  [SUBSCRIBE_FORM]: routeForm({
    schema: signupSchema,
    failure: { title: 'Not subscribed', fallback: 'Your subscription could not be sent. Please try again.' },
    call: ({ place: _place, back: _back, ...signup }, { context }) => ({
      method: 'POST',
      path: newsletterApi.subscribe,
      body: { ...signup, leadSource: context.visit?.source ?? undefined },
    }),
    doneAt: (_answer, _page, { place, back }) =>
      `${donePath(back, `${SUBSCRIBE_FORM}-${place}`)}#subscribe-${place}-title`,
  }),
};
