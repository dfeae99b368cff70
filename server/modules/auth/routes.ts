import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginSchema, registerSchema } from '../../../common/schemas/forms.ts';
import { HttpError } from '../../lib/http-error.ts';
import { type AuthService, TooManyAttemptsError } from './service.ts';

export const publicUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  isAdmin: z.boolean(),
  role: z.string(),
  fullName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  githubUsername: z.string().nullable(),
});

const messageSchema = z.object({ message: z.string() });

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/api/register',
    {
      schema: { body: registerSchema, response: { 201: publicUserSchema } },
      config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
    },
    async (request, reply) => {
      const user = await auth.register(request.body);
      await reply.startSession(user.id);
      return reply.code(201).send(user);
    },
  );

  app.post(
    '/api/login',
    {
      schema: { body: loginSchema, response: { 200: publicUserSchema } },
      config: { rateLimit: { max: 30, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      try {
        const user = await auth.login(request.body, request.ip);
        await reply.startSession(user.id);
        return user;
      } catch (error) {
        if (error instanceof TooManyAttemptsError)
          reply.header('retry-after', String(error.retryAfterSeconds));
        throw error;
      }
    },
  );

  app.post('/api/logout', { schema: { response: { 200: messageSchema } } }, async (_request, reply) => {
    await reply.endSession();
    return { message: 'Logged out' };
  });

  app.get('/api/user', { schema: { response: { 200: publicUserSchema } } }, async (request) => {
    const user = await request.currentUser();
    if (!user) throw new HttpError(401, 'Not authenticated');
    return user;
  });
};
