import { queryOptions } from '@tanstack/react-query';
import type { SessionUser } from '../../../common/web-context.ts';
import { getQueryFn } from '../../lib/request.ts';
import { ADMIN_PREFIX } from '../admin/api.ts';

/** The account API, each path written once (query keys are API paths, spec section 7). */
export const USER_PATH = '/api/user';
export const LOGIN_PATH = '/api/login';
export const REGISTER_PATH = '/api/register';
export const LOGOUT_PATH = '/api/logout';
export const LOGIN_CODE_PATH = '/api/login/code';
export const PASSKEY_OPTIONS_PATH = '/api/login/passkey/options';
export const PASSKEY_SIGN_IN_PATH = '/api/login/passkey';

/** Who is signed in: null for a visitor (a 401 is an answer here, not an error). */
export const userQuery = (initialUser: SessionUser | null) =>
  queryOptions<SessionUser | null, Error>({
    queryKey: [USER_PATH],
    queryFn: getQueryFn<SessionUser>({ on401: 'returnNull' }),
    // The user the server rendered the page for, so the first paint already knows.
    initialData: initialUser,
  });

/** The owner's sign-in security: passkeys, the authenticator app, recovery codes, sessions. */
export const securityPaths = {
  security: `${ADMIN_PREFIX}security`,
  passkeyOptions: `${ADMIN_PREFIX}security/passkeys/options`,
  passkeys: `${ADMIN_PREFIX}security/passkeys`,
  passkey: (id: number) => `${ADMIN_PREFIX}security/passkeys/${id}`,
  authenticator: `${ADMIN_PREFIX}security/authenticator`,
  authenticatorConfirm: `${ADMIN_PREFIX}security/authenticator/confirm`,
  authenticatorRemove: `${ADMIN_PREFIX}security/authenticator/remove`,
  recoveryCodes: `${ADMIN_PREFIX}security/recovery-codes`,
  session: (id: string) => `${ADMIN_PREFIX}security/sessions/${encodeURIComponent(id)}`,
  endOtherSessions: `${ADMIN_PREFIX}security/sessions/end-others`,
} as const;
