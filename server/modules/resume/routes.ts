import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resumeRequestSchema } from '../../../common/schemas/resume.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { publicFormLimit } from '../../plugins/security.ts';
import { resumeFileName, resumePdf } from './pdf.ts';
import type { ResumeService } from './service.ts';

const UNKNOWN_LINK = 'This resume link is not valid. Please request the resume again.';

export const resumeRoutes: FastifyPluginAsyncZod<{ resume: ResumeService }> = async (app, { resume }) => {
  app.post(
    '/api/resume/request',
    {
      schema: { body: resumeRequestSchema, response: { 201: z.object({ accessToken: z.string() }) } },
      config: { rateLimit: publicFormLimit, goal: 'resume_request' },
    },
    async (request, reply) => {
      const accessToken = await resume.request(request.body, request.ip);
      return reply.code(201).send({ accessToken });
    },
  );

  app.get(
    '/api/resume/download/:token',
    {
      schema: {
        params: z.object({ token: z.string() }),
        response: { 200: z.object({ resumeUrl: z.string() }) },
      },
      config: { rateLimit: { max: 60, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const { token } = request.params;
      // Only a lookup: the request counts as accessed when the PDF itself is fetched, so the
      // owner's dashboard tells who really downloaded the resume.
      if (!(await resume.isKnown(token))) throw notFound(UNKNOWN_LINK);
      reply.header('cache-control', 'no-store');
      return { resumeUrl: `/api/resume?token=${encodeURIComponent(token)}` };
    },
  );

  /** The resume PDF, for holders of an access token from POST /api/resume/request. */
  app.get(
    '/api/resume',
    {
      schema: { querystring: z.object({ token: z.string().optional() }) },
      config: { rateLimit: { max: 60, timeWindow: '10 minutes' }, goal: 'resume_download' },
    },
    async (request, reply) => {
      const { token } = request.query;
      if (!token) throw new HttpError(401, 'Please request the resume first at /resume.');
      if (!(await resume.recordAccess(token))) throw notFound(UNKNOWN_LINK);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${resumeFileName()}"`)
        .header('cache-control', 'private, no-store')
        .send(await resumePdf());
    },
  );
};
