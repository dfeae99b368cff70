/** The owner's side of guest posts: the review queue and a verdict (approve makes a draft). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminContributionSchema } from '../../../common/schemas/contributions.ts';
import { moderationAction, pageOf } from '../../../common/schemas/shared.ts';
import { idParams, pageQuery } from '../../lib/route-params.ts';
import type { ContributionService } from './service.ts';

export const contributionAdminRoutes: FastifyPluginAsyncZod<{ contributions: ContributionService }> = async (
  app,
  { contributions },
) => {
  app.get(
    '/api/admin/contributions',
    {
      schema: {
        response: { 200: pageOf(adminContributionSchema) },
        querystring: pageQuery.extend({ status: z.enum(['pending', 'reviewed', 'all']).default('pending') }),
      },
    },
    async (request) => contributions.list(request.query.status, request.query),
  );
  app.post(
    '/api/admin/contributions/:id/review',
    {
      schema: {
        response: { 200: adminContributionSchema },
        params: idParams,
        body: z.object({
          action: moderationAction,
          reviewNotes: z.string().trim().max(2000, 'Review notes cannot exceed 2000 characters').optional(),
        }),
      },
    },
    async (request) => contributions.review(request.params.id, request.body.action, request.body.reviewNotes),
  );
};
