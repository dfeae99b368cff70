/**
 * /auth: Login and Register tabs, sign-in with GitHub, and a welcome panel on
 * wide screens. A signed-in visitor is sent back to the page they came from
 * (`?back=`, a page of this site), else home, on the server and after signing in here.
 */

import { redirect } from 'react-router';
import { SIGN_IN_METHODS_PATH, type SignInMethods } from '../features/auth/api.ts';
import { AuthCard } from '../features/auth/auth-card.tsx';
import { authForms, logoutForms } from '../features/auth/auth-forms.server.ts';
import { BACK_PARAM, localPath, paths } from '../lib/paths.ts';
import { formAction } from '../lib/route-form.server.ts';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import { CheckCircle2 } from '../ui/icons.tsx';
import type { Route } from './+types/auth';

export async function loader({ context, request }: Route.LoaderArgs) {
  if (context.user) {
    throw redirect(localPath(new URL(request.url).searchParams.get(BACK_PARAM)) ?? paths.home);
  }
  // Only the ways in that work here: GitHub when set up, passkeys at a domain name, a link by
  // email where the site sends email (SMTP_URL). A static copy signs nobody in.
  const methods = context.staticCopy ? null : await context.readApi<SignInMethods>(SIGN_IN_METHODS_PATH);
  return { methods: methods ?? { github: false, passkeys: false, link: false } };
}

/** Signing in (password, then the code when asked) and registering, with the page's code or without it (ADR 018). */
export async function action({ request, context }: Route.ActionArgs) {
  // Signed in, the page offers only the way out; the rest goes home.
  return formAction(context.user ? logoutForms : authForms)({ context, request });
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
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-2 lg:items-center">
      <AuthCard methods={loaderData.methods} />
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
