import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { demoFrameUrl } from '../../../common/demo-frame.ts';
import { type Project, projectSchema } from '../../../common/schemas/project.ts';
import { findProject, projects } from '../../../content/projects.ts';
import { notFound } from '../../lib/http-error.ts';
import { sendJson } from '../../lib/read-cache.ts';
import type { FramingChecks } from './framing.ts';

const projectListSchema = z.array(projectSchema);

// Projects are built-in content, fixed at build time: no database and no cache needed. What the
// server learned of each demo (whether its site refuses to be framed) is added to each answer.
export const projectRoutes: FastifyPluginAsyncZod<{ framing?: FramingChecks }> = async (app, { framing }) => {
  const withFraming = (project: Project): Project => {
    const url = demoFrameUrl(project);
    return url && framing?.verdict(url) === 'refused' ? { ...project, demoRefusesFraming: true } : project;
  };
  let listed: { json: string; version: number } | undefined;
  const projectListJson = () => {
    // Made again only when a verdict changed (at most daily).
    const version = framing?.version ?? 0;
    if (listed?.version !== version) {
      listed = { json: JSON.stringify(projectListSchema.parse(projects.map(withFraming))), version };
    }
    return listed.json;
  };
  app.get('/api/projects', { schema: { response: { 200: projectListSchema } } }, async (_request, reply) =>
    sendJson(reply, projectListJson()),
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
      return withFraming(project);
    },
  );
};
