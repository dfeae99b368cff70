/** What the sign-in and security screen's parts share: its forms' names, what a post without the code answered, a section's frame. */
import type { AuthenticatorSetup } from '../../../common/schemas/auth.ts';
import type { FormAnswer } from '../../lib/form-post.ts';
import { failureToast } from '../../ui/use-toast.ts';

export const METHODS: Record<string, string> = {
  password: 'Password',
  code: 'Password and code',
  passkey: 'Passkey',
  github: 'GitHub',
  register: 'Registration',
};

/** The page's forms by name in its action (ADR 013). */
export const SECURITY_FORMS = {
  passkeyName: 'passkey-name',
  passkeyAdd: 'passkey-add',
  passkeyRemove: 'passkey-remove',
  start: 'authenticator-start',
  on: 'authenticator-on',
  off: 'authenticator-off',
  codes: 'recovery-codes',
  endSession: 'session-end',
  endOthers: 'sessions-end-others',
} as const;

/** A passkey's remove asks first, on the page: `?remove-passkey=<id>`. */
export const REMOVE_PASSKEY_PARAM = 'remove-passkey';

export type Setup = AuthenticatorSetup;

/** What a post without the code answered with, shown once (a set-up key, recovery codes). */
export const shownOf = <T>(answer: FormAnswer | undefined, key: string) =>
  answer?.kind === 'done' ? (answer.extra?.[key] as T | undefined) : undefined;

export const sectionClass = 'rounded-lg border border-border bg-card p-4 sm:p-6';

export const failed = failureToast('Error');
