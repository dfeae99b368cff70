import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectAfterLargeBodies, LARGE_BODY_BYTES } from './garbage.ts';

describe('a request with a large body', () => {
  const exposed = globalThis as { gc?: () => void };
  const before = exposed.gc;
  afterEach(() => {
    exposed.gc = before;
  });

  it('is let go and collected once answered; a small one is left to V8', async () => {
    const gc = vi.fn();
    exposed.gc = gc;
    const app = Fastify({ bodyLimit: 2 * LARGE_BODY_BYTES });
    collectAfterLargeBodies(app);
    app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    const kept: Array<{ body: unknown }> = [];
    app.post('/upload', async (request) => {
      kept.push(request);
      return { read: (request.body as Buffer).length };
    });
    const send = (bytes: number) =>
      app.inject({
        method: 'POST',
        url: '/upload',
        headers: { 'content-type': 'application/octet-stream' },
        payload: Buffer.alloc(bytes),
      });
    const small = await send(1024);
    await new Promise((resolve) => setImmediate(resolve));
    expect(small.json()).toEqual({ read: 1024 });
    expect(gc).not.toHaveBeenCalled();
    expect(kept[0]?.body).toBeInstanceOf(Buffer);

    const large = await send(LARGE_BODY_BYTES);
    await new Promise((resolve) => setImmediate(resolve));
    expect(large.json()).toEqual({ read: LARGE_BODY_BYTES });
    expect(gc).toHaveBeenCalledTimes(1);
    // A request something still holds no longer holds its body.
    expect(kept[1]?.body).toBeUndefined();
    await app.close();
  });
});
