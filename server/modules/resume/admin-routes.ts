/** The owner's side of resume requests: who asked, and whether they downloaded it. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminResumeRequestSchema } from '../../../common/schemas/resume.ts';
import { pageOf } from '../../../common/schemas/shared.ts';
import { pageQuery } from '../../lib/route-params.ts';
import type { ResumeService } from './service.ts';

export const resumeAdminRoutes: FastifyPluginAsyncZod<{ resume: ResumeService }> = async (
  app,
  { resume },
) => {
  app.get(
    '/api/admin/resume-requests',
    { schema: { response: { 200: pageOf(adminResumeRequestSchema) }, querystring: pageQuery } },
    async (request) => resume.listRequests(request.query),
  );
};
