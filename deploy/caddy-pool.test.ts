/**
 * The shipped Caddyfile in front of two processes, one of them out of the pool (its /readyz answers
 * 503, as a stopping process's does): every request, a write too, reaches the other one (issue 66,
 * point 3). Caddy 2.6's round-robin policy could find no process for a request while another
 * request moved the same turn counter, and a write that finds none is not tried again: a 503 from
 * Caddy itself during a rolling restart (bench:rolling saw one or two in a round).
 */
import { createServer, type Server } from 'node:http';
import { Agent, request } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caddyInstalled, type RunningCaddy, startCaddy } from '../server/testing/caddy.ts';
import { required } from '../server/testing/required.ts';

/** A stand-in process: answers every request with its name; `ready` says what /readyz answers. */
function stub(name: string, ready: boolean) {
  let checked: () => void = () => {};
  const healthChecked = new Promise<void>((resolve) => {
    checked = resolve;
  });
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      if (request.url === '/readyz') {
        response.writeHead(ready ? 200 : 503).end();
        checked();
        return;
      }
      response.writeHead(200, { 'content-type': 'text/plain' }).end(name);
    });
  });
  return { server, healthChecked };
}

const REQUESTS = 12_000;

const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

describe.skipIf(!required('caddy', caddyInstalled()))('Caddy in front of two processes', () => {
  const stopping = stub('stopping', false);
  const serving = stub('serving', true);
  let caddy: RunningCaddy;

  beforeAll(async () => {
    const ports = [await listen(stopping.server), await listen(serving.server)];
    caddy = await startCaddy({ sitePorts: ports });
    // Caddy has asked the stopping one and heard 503: from now on it is out of the pool.
    await stopping.healthChecked;
  }, 60_000);

  afterAll(async () => {
    await caddy?.stop();
    stopping.server.close();
    serving.server.close();
  });

  it('sends every request, reads and writes, to the process still in the pool', async () => {
    // Kept-alive connections, as a browser's: many requests a second, their turns interleaving.
    const agent = new Agent({ keepAlive: true, maxSockets: 64, ca: caddy.ca });
    const send = (method: string) =>
      new Promise<string>((resolve, reject) => {
        const outgoing = request(`${caddy.https}/api/blog`, { method, agent }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve(`${response.statusCode} ${Buffer.concat(chunks)}`));
          response.on('error', reject);
        });
        outgoing.on('error', reject);
        outgoing.end(method === 'POST' ? '{}' : undefined);
      });
    const answers: string[] = [];
    const clients = Array.from({ length: 64 }, async (_, client) => {
      for (let n = client; n < REQUESTS; n += 64) answers.push(await send(n % 2 ? 'POST' : 'GET'));
    });
    try {
      await Promise.all(clients);
    } finally {
      agent.destroy();
    }
    expect(answers).toHaveLength(REQUESTS);
    const failed = answers.filter((answer) => answer !== '200 serving');
    expect(
      failed.slice(0, 3),
      `${failed.length} of ${REQUESTS} not answered by the process in the pool`,
    ).toEqual([]);
  }, 120_000);
});
