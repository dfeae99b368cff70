import type { SessionUser } from '../../../common/web-context.ts';
import { BACK_PARAM, localPath } from '../../lib/paths.ts';
import { requestJson } from '../../lib/request.ts';

/** The account API, each path written once (query keys are API paths, spec section 7). */
export const LOGIN_PATH = '/api/login';
export const REGISTER_PATH = '/api/register';
export const LOGOUT_PATH = '/api/logout';
export const LOGIN_CODE_PATH = '/api/login/code';
export const PASSKEY_OPTIONS_PATH = '/api/login/passkey/options';
export const PASSKEY_SIGN_IN_PATH = '/api/login/passkey';
/** A sign-in link by email: whether the site sends them (GET), asking for one (POST). */
export const SIGN_IN_LINK_PATH = '/api/login/link';
/** GET: the ways in this site offers, so the sign-in page shows only what works. */
export const SIGN_IN_METHODS_PATH = '/api/login/methods';
export interface SignInMethods {
  github: boolean;
  passkeys: boolean;
  link: boolean;
}
/** Signing in with a mailed link's token. */
export const LINK_SIGN_IN_PATH = '/api/login/link/sign-in';
/** Sign in with GitHub: a link (the server redirects to GitHub and back, to `back` when it is a page of this site). */
export const githubSignInPath = (back: string | null) => {
  const page = localPath(back);
  return page ? `/api/auth/github?${new URLSearchParams({ [BACK_PARAM]: page })}` : '/api/auth/github';
};

/** The /auth forms' names in its action: the password, the authenticator's code, a new account. */
export const LOGIN_FORM = 'login';
export const CODE_FORM = 'code';
export const REGISTER_FORM = 'register';
export const LOGOUT_FORM = 'logout';
/** Asking for a sign-in link by email, and signing in with one (the page the link opens). */
export const SIGN_IN_LINK_FORM = 'sign-in-link';
export const LINK_SIGN_IN_FORM = 'link-sign-in';

/** Signs in with a passkey: the server's challenge, the browser's prompt, the answer checked. */
export async function passkeySignIn(): Promise<SessionUser> {
  const { options } = await requestJson<{ options: PasskeyRequestOptions }>('POST', PASSKEY_OPTIONS_PATH);
  // The WebAuthn helper loads only when someone signs in with a passkey.
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await startAuthentication({ optionsJSON: options });
  return requestJson<SessionUser>('POST', PASSKEY_SIGN_IN_PATH, response);
}

type PasskeyRequestOptions = Parameters<
  typeof import('@simplewebauthn/browser').startAuthentication
>[0]['optionsJSON'];
