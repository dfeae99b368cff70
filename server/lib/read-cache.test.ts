import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { sendJson } from './read-cache.ts';

describe('sendJson', () => {
  const big = JSON.stringify({
    items: Array.from({ length: 100 }, (_, i) => ({ id: i, title: `Post ${i}` })),
  });
  const app = Fastify();
  app.get('/big', (_request, reply) => sendJson(reply, big));
  app.get('/small', (_request, reply) => sendJson(reply, '{"ok":true}'));

  it('sends a cached body compressed as the client accepts, and small bodies as they are', async () => {
    const br = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(big);
    const gzip = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(big);
    const plain = await app.inject({ url: '/big' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(big);
    const small = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
    expect(small.headers['content-type']).toBe('application/json; charset=utf-8');
  });
});
