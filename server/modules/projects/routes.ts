import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { projectSchema } from '../../../common/schemas/project.ts';
import { findProject, projects } from '../../../content/projects.ts';
import { notFound } from '../../lib/http-error.ts';
import { sendJson } from '../../lib/read-cache.ts';

const projectListSchema = z.array(projectSchema);

// Projects are built-in content, fixed at build time: no database and no cache needed.
export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  const projectListJson = JSON.stringify(projectListSchema.parse(projects));
  app.get('/api/projects', { schema: { response: { 200: projectListSchema } } }, async (_request, reply) =>
    sendJson(reply, projectListJson),
  );

  app.get(
    '/api/projects/:id',
    {
      schema: {
        params: z.object({ id: z.string().min(1).max(100) }),
        response: { 200: projectSchema },
      },
    },
    async (request) => {
      const project = findProject(request.params.id);
      if (!project) throw notFound('Project not found');
      return project;
    },
  );
};
