/**
 * Every route an app has, read from Fastify's own route tree, so that tests which
 * walk "every route" cover a route added tomorrow without being told.
 */
import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  url: string;
}

/** Each method and full path, from `printRoutes({ commonPrefix: false })`; HEAD is left out. */
export function listRoutes(app: FastifyInstance): RouteEntry[] {
  const entries: RouteEntry[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+) \(([^)]+)\)$/.exec(line.replace(/\s+$/, ''));
    if (!match) continue;
    const [, indent = '', segment = '', methods = ''] = match;
    const depth = indent.length / 4;
    stack.length = depth;
    const url = (stack[depth - 1] ?? '') + segment;
    stack[depth] = url;
    for (const method of methods.split(',').map((m) => m.trim())) {
      if (method !== 'HEAD') entries.push({ method, url });
    }
  }
  return entries;
}
