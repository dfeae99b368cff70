import { EventEmitter } from 'node:events';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { apiReads } from './api-reads.ts';

describe("the loaders' reads of the API", () => {
  const app = Fastify();
  const calls = { shared: 0, fresh: 0 };
  app.get('/api/shared', async () => ({ n: ++calls.shared }));
  app.get('/api/fresh', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { n: ++calls.fresh };
  });
  const events = new EventEmitter();
  const { readApi } = apiReads(app, events as never);
  afterAll(() => app.close());

  it('shares an answer between renders until a write changes it', async () => {
    expect(await readApi('/api/shared')).toEqual({ n: 1 });
    expect(await readApi('/api/shared')).toEqual({ n: 1 });
    events.emit('public-content-changed', ['']);
    expect(await readApi('/api/shared')).toEqual({ n: 2 });
  });

  it('reads again each time an answer that no cache may keep (the free times of a booking page)', async () => {
    expect(await readApi('/api/fresh')).toEqual({ n: 1 });
    expect(await readApi('/api/fresh')).toEqual({ n: 2 });
    // Renders at the same moment still share the read in flight.
    const [a, b] = await Promise.all([readApi('/api/fresh'), readApi('/api/fresh')]);
    expect(a).toEqual(b);
  });
});
