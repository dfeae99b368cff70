/** Accounts: sign-in and register forms, and the owner's security page (passkeys, authenticator, sessions). */
import { PASSWORD_MIN, USERNAME_MIN } from '../constants.ts';
import { email, isoDate } from './shared.ts';
import { z } from './zod.ts';

const USERNAME_TOO_SHORT = `Username must be at least ${USERNAME_MIN} characters`;

const username = z
  .string({ error: USERNAME_TOO_SHORT })
  .trim()
  .min(USERNAME_MIN, USERNAME_TOO_SHORT)
  .max(50, 'Username cannot exceed 50 characters')
  .regex(/^[A-Za-z0-9_.-]+$/, 'Username can only contain letters, numbers, dots, dashes and underscores');

// A generous cap keeps a huge password from becoming an expensive hash.
const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN} characters`;

const password = z
  .string({ error: PASSWORD_TOO_SHORT })
  .min(PASSWORD_MIN, PASSWORD_TOO_SHORT)
  .max(256, 'Password cannot exceed 256 characters');

export const loginSchema = z.object({ username, password });

/**
 * Asking for a sign-in link by email: the account's username, and the page of this site the link
 * comes back to (`back`; anything but such a page is left out of the link: `localPath`).
 */
export const signInLinkRequestSchema = z.object({ username, back: z.string().max(2000).optional() });

/** Signing in with the link's token (the page the link opens posts it). */
export const signInLinkSchema = z.object({
  token: z
    .string()
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, 'This sign-in link is not complete. Please open it from the email again.'),
});

export const registerSchema = z.object({ username, email: email('Please enter a valid email'), password });

/** The register form adds a confirmation that is never sent to the server. */
export const registerFormSchema = registerSchema
  .extend({ confirmPassword: z.string() })
  .refine((form) => form.confirmPassword === form.password, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });

export type LoginInput = z.input<typeof loginSchema>;

export type RegisterInput = z.input<typeof registerSchema>;

/** GET /api/admin/security: the owner's passkeys, authenticator app and signed-in sessions. */
export const securityOverviewSchema = z.object({
  passkeys: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      createdAt: isoDate,
      lastUsedAt: isoDate.nullable(),
      /** Synced between the owner's devices (a multi-device passkey). */
      synced: z.boolean(),
    }),
  ),
  authenticator: z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number().int() }),
  sessions: z.array(
    z.object({
      /** The first 16 hex characters of the session's id hash. */
      id: z.string(),
      /** 'Chrome on macOS'. */
      device: z.string(),
      ip: z.string().nullable(),
      /** How it began: password, code, passkey, link (mailed), github or register. */
      method: z.string(),
      createdAt: isoDate,
      lastSeenAt: isoDate,
      current: z.boolean(),
    }),
  ),
});

export type SecurityOverview = z.infer<typeof securityOverviewSchema>;

/** The authenticator app being set up: its secret, the otpauth address and the QR code drawn from it. */
export const authenticatorSetupSchema = z.object({ secret: z.string(), uri: z.string(), qrSvg: z.string() });
export type AuthenticatorSetup = z.infer<typeof authenticatorSetupSchema>;

/** New recovery codes, shown once. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** How many other sessions were ended. */
export const endedSessionsSchema = z.object({ ended: z.number().int() });

/** A code from the authenticator app (or a recovery code): the second step, and the app's own settings. */
export const authenticatorCodeSchema = z.object({
  code: z
    .string({ error: 'Enter the code from your authenticator app' })
    .trim()
    .min(1, 'Enter the code from your authenticator app')
    .max(40, 'That code is too long'),
});

/** A passkey's name, as the owner gives it. */
export const passkeyNameSchema = z
  .string()
  .trim()
  .min(1, 'Give the passkey a name')
  .max(60, 'Keep the name under 60 characters');

/** Renaming a passkey, as the form posts it: which one, and its new name. */
export const passkeyRenameFormSchema = z.object({
  id: z
    .number({ error: 'That passkey is not on this page.' })
    .int()
    .positive('That passkey is not on this page.'),
  name: passkeyNameSchema,
});
