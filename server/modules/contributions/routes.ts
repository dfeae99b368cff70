import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contributionSchema } from '../../../common/schemas/contributions.ts';
import { type BotCheck, checkVerificationPhrase } from '../../lib/anti-spam.ts';
import { publicFormLimit } from '../../plugins/security.ts';
import type { ContributionService } from './service.ts';

const submittedSchema = z.object({ message: z.string() });
const SUBMITTED = 'Thank you! Your post has been submitted and is awaiting review.';

export const contributionRoutes: FastifyPluginAsyncZod<{
  contributions: ContributionService;
  botCheck: BotCheck;
}> = async (app, { contributions, botCheck }) => {
  app.post(
    '/api/blog/contributions',
    {
      schema: { body: contributionSchema, response: { 201: submittedSchema } },
      config: { rateLimit: publicFormLimit },
    },
    async (request, reply) => {
      checkVerificationPhrase(request.body.captchaToken, 'CAPTCHA verification is required');
      if (await botCheck.admit(request.body, 'contribution'))
        await contributions.submit(request.body, request.ip);
      return reply.code(201).send({ message: SUBMITTED });
    },
  );
};
