/** The owner's side of endorsements: every one, by skill, and removing an abusive one. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf } from '../../../common/schemas/shared.ts';
import { adminEndorsementSchema } from '../../../common/schemas/skills.ts';
import { idParams, pageQuery } from '../../lib/route-params.ts';
import type { SkillService } from './service.ts';

export const skillAdminRoutes: FastifyPluginAsyncZod<{ skills: SkillService }> = async (app, { skills }) => {
  app.get(
    '/api/admin/endorsements',
    {
      schema: {
        response: { 200: pageOf(adminEndorsementSchema) },
        querystring: pageQuery.extend({ skillId: z.coerce.number().int().positive().optional() }),
      },
    },
    async (request) => skills.endorsementsPage(request.query, request.query.skillId),
  );
  app.delete('/api/admin/endorsements/:id', { schema: { params: idParams } }, async (request, reply) => {
    await skills.deleteEndorsement(request.params.id);
    return reply.code(204).send();
  });
};
