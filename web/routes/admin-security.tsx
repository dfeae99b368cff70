/** /admin/blog/security: passkeys, the authenticator app with its recovery codes, and the signed-in devices. */
import { HydrationBoundary } from '@tanstack/react-query';
import { dashboardAction, idOf } from '../features/admin/dashboard-form.server.ts';
import { adminMeta } from '../features/admin/meta.ts';
import { Security } from '../features/auth/security.tsx';
import { securityPaths } from '../features/auth/security-api.ts';
import { SECURITY_FORMS } from '../features/auth/security-forms.ts';
import { dashboardPaths } from '../lib/admin-paths.ts';
import { prefetchOwn } from '../lib/prefetch.ts';
import type { Route } from './+types/admin-security';

export async function loader({ context, request }: Route.LoaderArgs) {
  return { dehydrated: await prefetchOwn(context, request, [securityPaths.security]) };
}

const codeOf = (fields: Record<string, string>) => ({ code: (fields.code ?? '').trim() });
const recoveryCodes = (answer: unknown) => ({
  codes: (answer as { recoveryCodes?: string[] } | null)?.recoveryCodes ?? [],
});

/**
 * The authenticator app and a passkey's name without the page's code. The set-up key and the
 * recovery codes are shown once, in the page that answers the post (never cached, never in an
 * address). Adding a passkey needs the browser's own prompt, which only the page's code starts.
 */
export const action = dashboardAction({
  [SECURITY_FORMS.start]: {
    failure: { title: 'Error', fallback: 'The set-up could not start. Please try again.' },
    call: () => ({ method: 'POST', path: securityPaths.authenticator }),
    show: (setup) => ({ setup }),
  },
  [SECURITY_FORMS.on]: {
    failure: { title: 'Error', fallback: 'The code was not accepted.' },
    call: (fields) => ({ method: 'POST', path: securityPaths.authenticatorConfirm, body: codeOf(fields) }),
    show: recoveryCodes,
  },
  [SECURITY_FORMS.codes]: {
    failure: { title: 'Error', fallback: 'The code was not accepted.' },
    call: (fields) => ({ method: 'POST', path: securityPaths.recoveryCodes, body: codeOf(fields) }),
    show: recoveryCodes,
  },
  [SECURITY_FORMS.off]: {
    failure: { title: 'Error', fallback: 'The code was not accepted.' },
    call: (fields) => ({ method: 'POST', path: securityPaths.authenticatorRemove, body: codeOf(fields) }),
  },
  // Only the page's code can start the browser's passkey prompt; its form is shown once the code
  // runs, so a post of it here is a browser that lost the code on the way: nothing is made.
  [SECURITY_FORMS.passkeyAdd]: {
    failure: { title: 'Passkey not added', fallback: 'Adding a passkey needs the page to be loaded.' },
    call: () => ({ problem: "Adding a passkey needs the page's JavaScript: reload the page and try again." }),
  },
  [SECURITY_FORMS.passkeyName]: {
    failure: { title: 'Error', fallback: 'The passkey could not be renamed.' },
    call: (fields) => {
      const id = idOf(fields.id);
      if (Number.isNaN(id)) return { problem: 'That passkey is not on this page.' };
      return { method: 'PATCH', path: securityPaths.passkey(id), body: { name: fields.name ?? '' } };
    },
  },
});

export const meta: Route.MetaFunction = adminMeta('Sign-in & security', dashboardPaths.security);

export default function AdminSecurityPage({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydrated}>
      <Security />
    </HydrationBoundary>
  );
}
