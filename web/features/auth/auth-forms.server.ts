/**
 * Signing in and registering in /auth's action (route-form.server.ts): sent through the same API
 * routes as the visitor; a success goes, with the session cookie, back to the page the visitor
 * came from (`back`, a page of this site: `localPath`), else home (`?done=login|register`).
 * A password that needs the authenticator's code comes back as the code step, in the page.
 */
import {
  authenticatorCodeSchema,
  loginSchema,
  registerFormSchema,
  signInLinkRequestSchema,
  signInLinkSchema,
} from '../../../common/schemas/auth.ts';
import { z } from '../../../common/schemas/zod.ts';
import { localPath, signInPath } from '../../lib/paths.ts';
import { donePath, routeForm } from '../../lib/route-form.server.ts';
import {
  CODE_FORM,
  LINK_SIGN_IN_FORM,
  LINK_SIGN_IN_PATH,
  LOGIN_CODE_PATH,
  LOGIN_FORM,
  LOGIN_PATH,
  LOGOUT_FORM,
  LOGOUT_PATH,
  REGISTER_FORM,
  REGISTER_PATH,
  SIGN_IN_LINK_FORM,
  SIGN_IN_LINK_PATH,
} from './api.ts';

const loginFailure = { title: 'Login failed', fallback: 'Please check your credentials and try again' };
/** The page a form came from (`back`): where its success goes back to, when it is one of this site's (else home, never a refusal). */
const back = { back: z.string().max(500).optional().catch(undefined) };

/** `back` (a page of this site, else home) with `?done=<done>`, which says what happened there. */
const backAt = (page: string | undefined, done: string) => donePath(localPath(page) ?? '/', done);

/** The code step's fields: the code, and the server's own words, shown again if it is refused. */
const codeSchema = authenticatorCodeSchema.extend({ prompt: z.string().max(500).optional(), ...back });

/** Logging out: back to the page the visitor was on (a page of this site, else home), saying so. */
export const logoutForms = {
  [LOGOUT_FORM]: routeForm({
    schema: z.object(back),
    failure: { title: 'Logout failed', fallback: 'Please try again.' },
    call: () => ({ method: 'POST', path: LOGOUT_PATH }),
    // Back where the visitor was, saying so (`?done=logout`: SignedInNotice).
    doneAt: (_answer, _page, values) => backAt(values.back, 'logout'),
  }),
};

/** 202: the first factor was right and the account asks for its authenticator's code next. */
const codeStep = (answer: unknown) => {
  const body = answer as { secondFactor?: unknown; message?: unknown };
  return body.secondFactor ? { step: 'code', prompt: String(body.message ?? '') } : undefined;
};

export const authForms = {
  [LOGIN_FORM]: routeForm({
    schema: loginSchema.extend(back),
    failure: loginFailure,
    call: ({ back: _back, ...values }) => ({ method: 'POST', path: LOGIN_PATH, body: values }),
    show: codeStep,
    doneAt: (_answer, _page, values) => backAt(values.back, 'login'),
  }),
  // The way in while strangers' guesses slow the password down: a link to the account's mailbox.
  // Its success is the sign-in page again (`?done=sign-in-link`), saying the link is on its way;
  // the link carries the page to come back to.
  [SIGN_IN_LINK_FORM]: routeForm({
    schema: signInLinkRequestSchema.extend(back),
    failure: { title: 'Sign-in link not sent', fallback: 'Please try again in a few minutes.' },
    call: (values) => ({ method: 'POST', path: SIGN_IN_LINK_PATH, body: values }),
    doneAt: (_answer, _page, values) => donePath(signInPath(values.back ?? null), SIGN_IN_LINK_FORM),
  }),
  [LINK_SIGN_IN_FORM]: routeForm({
    schema: signInLinkSchema.extend(back),
    failure: { ...loginFailure, fallback: 'This sign-in link could not sign you in. Ask for a new one.' },
    call: ({ token }) => ({ method: 'POST', path: LINK_SIGN_IN_PATH, body: { token } }),
    show: codeStep,
    doneAt: (_answer, _page, values) => backAt(values.back, 'login'),
  }),
  [CODE_FORM]: routeForm({
    schema: codeSchema,
    failure: { ...loginFailure, fallback: 'That code is not right. Please try again.' },
    call: ({ code }) => ({ method: 'POST', path: LOGIN_CODE_PATH, body: { code } }),
    doneAt: (_answer, _page, values) => backAt(values.back, 'login'),
  }),
  [REGISTER_FORM]: routeForm({
    schema: registerFormSchema.extend(back),
    failure: { title: 'Registration failed', fallback: 'Please try a different username' },
    call: ({ username, email, password }) => ({
      method: 'POST',
      path: REGISTER_PATH,
      body: { username, email, password },
    }),
    doneAt: (_answer, _page, values) => backAt(values.back, 'register'),
  }),
};
