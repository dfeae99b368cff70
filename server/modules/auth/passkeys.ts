/**
 * The owner's passkeys (WebAuthn): the options for registering one and storing it, renaming and
 * removing, and signing in with one. Part of the security service (security.ts).
 */
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passkeys } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';

/** What passkeys need of the security service: its database, clock, origin and the challenge store. */
export interface PasskeyContext {
  db: Db;
  now: () => Date;
  origin: string;
  rpID: string;
  siteName: string;
  needsDomainName: () => void;
  remember: (key: string, kind: string, userId: number | null) => Promise<void>;
  take: (key: string, kind: string) => Promise<{ userId: number | null } | undefined>;
  userName: (userId: number) => Promise<string>;
}

/** Passkeys: registration options and registering one, renaming and removing, signing in with one. */
export function passkeyMethods({
  db,
  now,
  origin,
  rpID,
  siteName,
  needsDomainName,
  remember,
  take,
  userName,
}: PasskeyContext) {
  return {
    async passkeyRegistrationOptions(userId: number): Promise<PublicKeyCredentialCreationOptionsJSON> {
      needsDomainName();
      const username = await userName(userId);
      const existing = await db
        .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
        .from(passkeys)
        .where(eq(passkeys.userId, userId));
      const optionsJSON = await generateRegistrationOptions({
        rpName: siteName,
        rpID,
        userName: username,
        // A stable handle per account, so re-registering on one device replaces rather than adds.
        userID: new TextEncoder().encode(`user-${userId}`),
        attestationType: 'none',
        excludeCredentials: existing.map((key) => ({
          id: key.credentialId,
          transports: key.transports as AuthenticatorTransport[],
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });
      await remember(`register:${optionsJSON.challenge}`, 'passkey-register', userId);
      return optionsJSON;
    },

    async registerPasskey(userId: number, response: RegistrationResponseJSON, name: string) {
      let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
      try {
        verification = await verifyRegistrationResponse({
          response,
          expectedChallenge: async (challenge) =>
            (await take(`register:${challenge}`, 'passkey-register'))?.userId === userId,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: false,
        });
      } catch (error) {
        throw new HttpError(400, `The passkey could not be added: ${(error as Error).message}`);
      }
      if (!verification.verified) throw new HttpError(400, 'The passkey could not be added');
      const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
      const inserted = await db
        .insert(passkeys)
        .values({
          userId,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: credential.transports ?? [],
          deviceType: credentialDeviceType,
          backedUp: credentialBackedUp,
          name: name.trim() || 'Passkey',
        })
        .onConflictDoNothing()
        .returning({ id: passkeys.id });
      if (inserted.length === 0) throw new HttpError(409, 'This passkey is already added');
    },

    async renamePasskey(userId: number, id: number, name: string): Promise<void> {
      const renamed = await db
        .update(passkeys)
        .set({ name })
        .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)))
        .returning({ id: passkeys.id });
      if (renamed.length === 0) throw new HttpError(404, 'Passkey not found');
    },

    async removePasskey(userId: number, id: number): Promise<void> {
      const removed = await db
        .delete(passkeys)
        .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)))
        .returning({ id: passkeys.id });
      if (removed.length === 0) throw new HttpError(404, 'Passkey not found');
    },

    /** Options for a sign-in with any passkey the browser holds for this site (no username asked). */
    async passkeySignInOptions(): Promise<PublicKeyCredentialRequestOptionsJSON> {
      needsDomainName();
      const optionsJSON = await generateAuthenticationOptions({ rpID, userVerification: 'preferred' });
      await remember(`sign-in:${optionsJSON.challenge}`, 'passkey-sign-in', null);
      return optionsJSON;
    },

    /** Checks a passkey's answer; the user it belongs to, or null when it is not one of ours or fails. */
    async verifyPasskeySignIn(response: AuthenticationResponseJSON): Promise<number | null> {
      const [key] = await db.select().from(passkeys).where(eq(passkeys.credentialId, response.id));
      if (!key) return null;
      try {
        const verification = await verifyAuthenticationResponse({
          response,
          expectedChallenge: async (challenge) =>
            Boolean(await take(`sign-in:${challenge}`, 'passkey-sign-in')),
          expectedOrigin: origin,
          expectedRPID: rpID,
          credential: {
            id: key.credentialId,
            publicKey: new Uint8Array(Buffer.from(key.publicKey, 'base64url')),
            counter: key.counter,
            transports: key.transports as AuthenticatorTransport[],
          },
          requireUserVerification: false,
        });
        if (!verification.verified) return null;
        await db
          .update(passkeys)
          .set({
            counter: verification.authenticationInfo.newCounter,
            backedUp: verification.authenticationInfo.credentialBackedUp,
            lastUsedAt: now(),
          })
          .where(eq(passkeys.id, key.id));
        return key.userId;
      } catch {
        return null;
      }
    },

    // --- Authenticator app ----------------------------------------------------------------
  };
}
