/** The owner's sign-in security: its API paths, reads and requests (kept out of the visitors' pages' code). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SecurityOverview } from '../../../common/schemas/auth.ts';
import { ADMIN_PREFIX } from '../../lib/api.ts';
import { apiRequest, requestJson } from '../../lib/request.ts';

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

type PasskeyCreationOptions = Parameters<
  typeof import('@simplewebauthn/browser').startRegistration
>[0]['optionsJSON'];

export const securityQuery = () => queryOptions<SecurityOverview>({ queryKey: [securityPaths.security] });

export const useSecurityOverview = () => useQuery(securityQuery());

/** Adds a passkey for this device under `name`: the server's options, the browser's prompt, the key stored. */
export async function addPasskey(name: string): Promise<void> {
  const { options } = await requestJson<{ options: PasskeyCreationOptions }>(
    'POST',
    securityPaths.passkeyOptions,
  );
  // The WebAuthn helper loads only when a passkey is made.
  const { startRegistration } = await import('@simplewebauthn/browser');
  const response = await startRegistration({ optionsJSON: options });
  await apiRequest('POST', securityPaths.passkeys, { name, response });
}
