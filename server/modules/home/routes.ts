/**
 * A minimal server-rendered home page until the React web app takes over `/`
 * (issue 4). It shows the owner, the projects and the latest posts from the
 * same services the API uses, so `npm start` shows real, seeded data.
 */
import type { FastifyPluginAsync } from 'fastify';
import { profile } from '../../../content/profile.ts';
import { projects } from '../../../content/projects.ts';
import type { BlogService } from '../blog/service.ts';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export const homeRoutes: FastifyPluginAsync<{ blog: BlogService }> = async (app, { blog }) => {
  app.get('/', async (_request, reply) => {
    const posts = await blog.listPublished();
    const projectItems = projects
      .map((p) => `<li><strong>${escapeHtml(p.title)}</strong> — ${escapeHtml(p.description)}</li>`)
      .join('');
    const postItems = posts
      .map((p) => `<li><strong>${escapeHtml(p.title)}</strong> — ${escapeHtml(p.summary)}</li>`)
      .join('');
    const title = `${profile.name} | ${profile.title}`;
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><meta name="description" content="${escapeHtml(profile.description)}">
<style>body{font:16px/1.6 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#0f172a}h2{margin-top:2rem}</style>
</head><body><main>
<h1>Hello, I'm ${escapeHtml(profile.name)}</h1><p><strong>${escapeHtml(profile.title)}</strong></p>
<p>${escapeHtml(profile.description)}</p>
<h2>Projects</h2><ul>${projectItems}</ul>
<h2>Latest from the Blog</h2><ul>${postItems || '<li>No blog posts yet</li>'}</ul>
</main></body></html>`);
  });
};
