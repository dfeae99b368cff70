/** /admin/blog/security: passkeys, the authenticator app with its recovery codes, and the signed-in devices. */
import { HydrationBoundary } from '@tanstack/react-query';
import { authenticatorCodeSchema, passkeyRenameFormSchema } from '../../common/schemas/auth.ts';
import { z } from '../../common/schemas/zod.ts';
import { adminMeta } from '../features/admin/meta.ts';
import { Security } from '../features/auth/security.tsx';
import { securityPaths } from '../features/auth/security-api.ts';
import { REMOVE_PASSKEY_PARAM, SECURITY_FORMS } from '../features/auth/security-forms.ts';
import { dashboardPaths } from '../lib/admin-paths.ts';
import { prefetchOwn } from '../lib/prefetch.ts';
import { doneWithout, formAction, routeForm } from '../lib/route-form.server.ts';
import type { Route } from './+types/admin-security';

export async function loader({ context, request }: Route.LoaderArgs) {
  return { dehydrated: await prefetchOwn(context, request, [securityPaths.security]) };
}

const recoveryCodes = (answer: unknown) => ({
  codes: (answer as { recoveryCodes?: string[] } | null)?.recoveryCodes ?? [],
});

/**
 * The authenticator app, a passkey's name and the signed-in devices' ends, with the page's code or
 * without it (ADR 018). The
 * set-up key and the recovery codes are shown once, in the page that answers the post (never
 * cached, never in an address). Adding a passkey needs the browser's own prompt, which only the
 * page's code starts.
 */
export const action = formAction({
  [SECURITY_FORMS.endSession]: routeForm({
    schema: z.object({ id: z.string().min(1).max(64) }),
    failure: { title: 'Error', fallback: 'The session could not be ended.' },
    call: ({ id }) => ({ method: 'DELETE', path: securityPaths.session(id) }),
  }),
  [SECURITY_FORMS.endOthers]: routeForm({
    schema: z.object({}),
    failure: { title: 'Error', fallback: 'The other sessions could not be ended.' },
    call: () => ({ method: 'POST', path: securityPaths.endOtherSessions }),
  }),
  [SECURITY_FORMS.passkeyRemove]: routeForm({
    schema: z.object({ id: z.coerce.number().int().positive() }),
    failure: { title: 'Error', fallback: 'The passkey could not be removed.' },
    call: ({ id }) => ({ method: 'DELETE', path: securityPaths.passkey(id) }),
    doneAt: doneWithout(REMOVE_PASSKEY_PARAM, SECURITY_FORMS.passkeyRemove),
  }),
  [SECURITY_FORMS.start]: routeForm({
    schema: z.object({}),
    failure: { title: 'Error', fallback: 'The set-up could not start. Please try again.' },
    call: () => ({ method: 'POST', path: securityPaths.authenticator }),
    show: (setup) => ({ setup }),
  }),
  [SECURITY_FORMS.on]: routeForm({
    schema: authenticatorCodeSchema,
    failure: { title: 'Error', fallback: 'The code was not accepted.' },
    call: (code) => ({ method: 'POST', path: securityPaths.authenticatorConfirm, body: code }),
    show: recoveryCodes,
  }),
  [SECURITY_FORMS.codes]: routeForm({
    schema: authenticatorCodeSchema,
    failure: { title: 'Error', fallback: 'The code was not accepted.' },
    call: (code) => ({ method: 'POST', path: securityPaths.recoveryCodes, body: code }),
    show: recoveryCodes,
  }),
  [SECURITY_FORMS.off]: routeForm({
    schema: authenticatorCodeSchema,
    failure: { title: 'Error', fallback: 'The code was not accepted.' },
    call: (code) => ({ method: 'POST', path: securityPaths.authenticatorRemove, body: code }),
  }),
  // A browser that lost the page's code on the way: nothing is made.
  [SECURITY_FORMS.passkeyAdd]: routeForm({
    schema: z.object({}),
    failure: { title: 'Passkey not added', fallback: 'Adding a passkey needs the page to be loaded.' },
    call: () => ({ problem: "Adding a passkey needs the page's JavaScript: reload the page and try again." }),
  }),
  [SECURITY_FORMS.passkeyName]: routeForm({
    schema: passkeyRenameFormSchema,
    failure: { title: 'Error', fallback: 'The passkey could not be renamed.' },
    call: ({ id, name }) => ({ method: 'PATCH', path: securityPaths.passkey(id), body: { name } }),
  }),
});

export const meta: Route.MetaFunction = adminMeta('Sign-in & security', dashboardPaths.security);

export default function AdminSecurityPage({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydrated}>
      <Security />
    </HydrationBoundary>
  );
}
