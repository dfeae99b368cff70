/**
 * The owner's sign-in security (in the admin scope): GET /api/admin/security (passkeys, authenticator
 * app, signed-in sessions); passkeys added, renamed and removed; the authenticator app set up,
 * confirmed, turned off, and its recovery codes replaced; sessions ended one by one or all but
 * this one. Each change takes effect at the next request.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authenticatorSetupSchema,
  endedSessionsSchema,
  passkeyNameSchema,
  recoveryCodesSchema,
  securityOverviewSchema,
} from '../../../common/schemas/auth.ts';
import { signInRequired } from '../../lib/http-error.ts';
import { idParams } from '../../lib/route-params.ts';
import { codeSchema } from './routes.ts';
import type { SecurityService } from './security.ts';

const passkeyName = passkeyNameSchema;

const b64url = z
  .string()
  .max(8192)
  .regex(/^[A-Za-z0-9_-]*$/, 'Not base64url');
const registrationSchema = z.object({
  name: passkeyName,
  response: z.object({
    id: b64url.min(1),
    rawId: b64url.min(1),
    type: z.literal('public-key'),
    response: z.object({
      clientDataJSON: b64url,
      attestationObject: b64url,
      authenticatorData: b64url.optional(),
      transports: z.array(z.string().max(20)).max(10).optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: b64url.optional(),
    }),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  }),
});

const messageSchema = z.object({ message: z.string() });

export const securityAdminRoutes: FastifyPluginAsyncZod<{ security: SecurityService }> = async (
  app,
  { security },
) => {
  const ownerId = async (request: { currentUser(): Promise<{ id: number } | null> }) => {
    const user = await request.currentUser();
    if (!user) throw signInRequired();
    return user.id;
  };
  const limited = { rateLimit: { max: 30, timeWindow: '15 minutes' } };

  app.get('/api/admin/security', { schema: { response: { 200: securityOverviewSchema } } }, async (request) =>
    security.overview(await ownerId(request), request.sessionToken()),
  );

  app.post(
    '/api/admin/security/passkeys/options',
    {
      schema: { response: { 200: z.object({ options: z.record(z.string(), z.unknown()) }) } },
      config: limited,
    },
    async (request) => ({
      options: (await security.passkeyRegistrationOptions(await ownerId(request))) as unknown as Record<
        string,
        unknown
      >,
    }),
  );

  app.post(
    '/api/admin/security/passkeys',
    {
      schema: { body: registrationSchema, response: { 201: messageSchema } },
      config: limited,
    },
    async (request, reply) => {
      await security.registerPasskey(
        await ownerId(request),
        request.body.response as never,
        request.body.name,
      );
      return reply.code(201).send({ message: 'Passkey added' });
    },
  );

  app.patch(
    '/api/admin/security/passkeys/:id',
    {
      schema: { params: idParams, body: z.object({ name: passkeyName }), response: { 200: messageSchema } },
    },
    async (request) => {
      await security.renamePasskey(await ownerId(request), request.params.id, request.body.name);
      return { message: 'Passkey renamed' };
    },
  );

  app.delete(
    '/api/admin/security/passkeys/:id',
    { schema: { params: idParams, response: { 200: messageSchema } } },
    async (request) => {
      await security.removePasskey(await ownerId(request), request.params.id);
      return { message: 'Passkey removed' };
    },
  );

  app.post(
    '/api/admin/security/authenticator',
    {
      schema: { response: { 200: authenticatorSetupSchema } },
      config: limited,
    },
    async (request) => security.startAuthenticator(await ownerId(request)),
  );

  app.post(
    '/api/admin/security/authenticator/confirm',
    {
      schema: { body: codeSchema, response: { 200: recoveryCodesSchema } },
      config: limited,
    },
    async (request) => ({
      recoveryCodes: await security.confirmAuthenticator(await ownerId(request), request.body.code),
    }),
  );

  app.post(
    '/api/admin/security/recovery-codes',
    {
      schema: { body: codeSchema, response: { 200: recoveryCodesSchema } },
      config: limited,
    },
    async (request) => ({
      recoveryCodes: await security.replaceRecoveryCodes(await ownerId(request), request.body.code),
    }),
  );

  app.post(
    '/api/admin/security/authenticator/remove',
    {
      schema: { body: codeSchema, response: { 200: messageSchema } },
      config: limited,
    },
    async (request) => {
      await security.removeAuthenticator(await ownerId(request), request.body.code);
      return { message: 'Authenticator app removed' };
    },
  );

  app.delete(
    '/api/admin/security/sessions/:id',
    {
      schema: { params: z.object({ id: z.string().max(64) }), response: { 200: messageSchema } },
    },
    async (request) => {
      await security.endSession(await ownerId(request), request.params.id);
      return { message: 'Session ended' };
    },
  );

  app.post(
    '/api/admin/security/sessions/end-others',
    { schema: { response: { 200: endedSessionsSchema } } },
    async (request) => ({
      ended: await security.endOtherSessions(await ownerId(request), request.sessionToken()),
    }),
  );
};
