/**
 * /auth: Login and Register tabs, sign-in with GitHub, and a welcome panel on
 * wide screens. A signed-in visitor is sent to the home page, on the server
 * and after signing in here.
 */

import { data, Link, redirect } from 'react-router';
import { LOGIN_CODE_PATH, LOGIN_PATH, REGISTER_PATH } from '../features/auth/api.ts';
import { AuthCard } from '../features/auth/auth-card.tsx';
import { useAuth } from '../features/layout/auth-provider.tsx';
import {
  cookieHeaders,
  doneAt,
  failed,
  formOf,
  isOk,
  readFields,
  refused,
  send,
} from '../lib/form-action.server.ts';
import { DONE_PARAM, type FormAnswer } from '../lib/form-post.ts';
import { paths } from '../lib/paths.ts';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import { DoneNotice } from '../ui/form-notice.tsx';
import { CheckCircle2 } from '../ui/icons.tsx';
import type { Route } from './+types/auth';

export function loader({ context, request }: Route.LoaderArgs) {
  // Where a sign-in posted without the page's code comes back (ADR 013): the spec's toast, as a page.
  const done = new URL(request.url).searchParams.get(DONE_PARAM);
  if (context.user && (done === 'login' || done === 'register'))
    return { done: done as 'login' | 'register' };
  if (context.user) throw redirect(paths.home);
  return { done: null };
}

/**
 * The sign-in, code and registration forms posted without the page's code (ADR 013): sent through
 * the same API routes as the visitor, the session cookie passed on with the redirect home.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (context.user) return doneAt(paths.home);
  const fields = await readFields(request);
  const form = formOf(fields);
  if (form === 'register') {
    const { username = '', email = '', password = '', confirmPassword = '' } = fields;
    const failure = { title: 'Registration failed', fallback: 'Please try a different username' };
    if (password !== confirmPassword) {
      const message = 'Passwords do not match';
      return refused(form, fields, 400, failure.title, message, { confirmPassword: message });
    }
    const answer = await send(context, REGISTER_PATH, { username, email, password });
    if (isOk(answer)) return doneAt(`${paths.auth}?${DONE_PARAM}=register`, answer.cookies);
    return failed(form, fields, answer, failure);
  }
  const loginFailure = { title: 'Login failed', fallback: 'Please check your credentials and try again' };
  if (form === 'code') {
    const answer = await send(context, LOGIN_CODE_PATH, { code: (fields.code ?? '').trim() });
    if (isOk(answer)) return doneAt(`${paths.auth}?${DONE_PARAM}=login`, answer.cookies);
    // The five minutes ran out: back to the password.
    if (answer.status === 401 && /expired/.test(JSON.stringify(answer.body))) {
      return failed('login', fields, answer, loginFailure);
    }
    return failed(
      'code',
      fields,
      answer,
      { ...loginFailure, fallback: 'That code is not right. Please try again.' },
      {
        extra: { prompt: fields.prompt ?? '' },
      },
    );
  }
  const { username = '', password = '' } = fields;
  const answer = await send(context, LOGIN_PATH, { username, password });
  if (answer.status === 202) {
    const prompt = String((answer.body as { message?: unknown } | null)?.message ?? '');
    const body: FormAnswer = {
      form: 'code',
      title: '',
      message: '',
      errors: {},
      values: {},
      extra: { prompt },
    };
    return data(body, { headers: cookieHeaders(answer.cookies) });
  }
  if (isOk(answer)) return doneAt(`${paths.auth}?${DONE_PARAM}=login`, answer.cookies);
  return failed('login', fields, answer, loginFailure);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: rootDataOf(matches).site,
    title: 'Sign in',
    description: 'Sign in or create an account to generate AI images and join the conversation.',
    path: paths.auth,
    noindex: true,
  });

export default function AuthPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.done) return <SignedIn done={loaderData.done} />;
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-2 lg:items-center">
      <AuthCard />
      <section aria-labelledby="welcome-heading" className="hidden lg:block">
        <h2 id="welcome-heading" className="text-3xl font-bold">
          Welcome to my portfolio
        </h2>
        <p className="mt-4 text-lg text-muted-foreground">Sign in to get the most out of the site:</p>
        <ul className="mt-6 space-y-3">
          {['View projects and demos', 'Read and contribute to the blog', 'Contact for inquiries'].map(
            (item) => (
              <li key={item} className="flex items-center gap-3">
                <CheckCircle2 className="h-5 w-5 text-primary" />
                {item}
              </li>
            ),
          )}
        </ul>
      </section>
    </div>
  );
}

/** The spec's 'Login successful' or 'Registration successful' toast, as the page a post came back to. */
function SignedIn({ done }: { done: 'login' | 'register' }) {
  const { user } = useAuth();
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <h1 className="sr-only">Signed in</h1>
      {done === 'login' ? (
        <DoneNotice title="Login successful" text={`Welcome back, ${user?.username ?? ''}!`} />
      ) : (
        <DoneNotice title="Registration successful" />
      )}
      <Link
        to={paths.home}
        className="mt-6 inline-block font-medium text-primary underline underline-offset-4"
      >
        Continue to the home page
      </Link>
    </div>
  );
}
