import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  endorsementQuerySchema,
  endorsementSchema,
  publicEndorsementListSchema,
  skillsByCategorySchema,
} from '../../../common/schemas/skills.ts';
import type { BotCheck } from '../../lib/anti-spam.ts';
import { answeredLikeAPerson } from '../../lib/goals.ts';
import { notFound } from '../../lib/http-error.ts';
import { type ReadCache, sendJson } from '../../lib/read-cache.ts';
import { ENDORSEMENTS_CACHE_PREFIX, SKILLS_CACHE_KEY, type SkillService } from './service.ts';

export const skillRoutes: FastifyPluginAsyncZod<{
  skills: SkillService;
  cache: ReadCache;
  botCheck: BotCheck;
}> = async (app, { skills, cache, botCheck }) => {
  app.get(
    '/api/skills',
    { schema: { response: { 200: skillsByCategorySchema } } },
    async (_request, reply) => {
      const body = await cache.json(SKILLS_CACHE_KEY, skillsByCategorySchema, () => skills.listGrouped());
      return sendJson(reply, body ?? '{"frontend":[],"backend":[],"devops":[]}');
    },
  );

  app.get(
    '/api/skill-endorsements',
    { schema: { querystring: endorsementQuerySchema, response: { 200: publicEndorsementListSchema } } },
    async (request, reply) => {
      const { skillId } = request.query;
      const body = await cache.json(
        `${ENDORSEMENTS_CACHE_PREFIX}${skillId}`,
        publicEndorsementListSchema,
        async () => ((await skills.exists(skillId)) ? skills.listEndorsements(skillId) : null),
      );
      if (body === null) throw notFound('Skill not found');
      return sendJson(reply, body);
    },
  );

  app.post(
    '/api/skill-endorsements',
    {
      schema: { body: endorsementSchema, response: { 201: z.object({ message: z.string() }) } },
      // The endorsement dialog reads `error` from a failed answer's body.
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' }, errorField: true, goal: 'endorsement' },
    },
    async (request, reply) => {
      const { skillId } = request.body;
      if (!(await skills.exists(skillId))) throw notFound('Skill not found');
      // Endorsements show at once, so they pass the same bot check as comments; a bot is
      // answered like a person and nothing is stored.
      if (await botCheck.admit(request.body, 'endorsement', String(skillId))) {
        await skills.endorse(request.body, request.ip);
        cache.invalidate(SKILLS_CACHE_KEY, `${ENDORSEMENTS_CACHE_PREFIX}${skillId}`);
      } else answeredLikeAPerson(request);
      return reply.code(201).send({ message: 'Endorsement submitted' });
    },
  );
};
