/**
 * The real process: start-up on a fresh data directory, the data-directory lock,
 * restart survival, graceful shutdown, fail-fast configuration and what reaches
 * the logs. Each test spawns `server/main.ts` on a free port; past the first, on a directory
 * whose database exists already (migratedDataDir), as the test is not about creating it.
 */
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client.ts';
import { insertPost } from './db/factories.ts';
import {
  freshDataDir,
  killServers,
  migratedDataDir,
  spawnServer,
  startServer,
  stopServer as stop,
  timeForStarts,
} from './testing/server-process.ts';

afterEach(killServers);

// Each test has the time of its starts (cold opens of the embedded database), named where more than one.
describe('server process', { timeout: timeForStarts(1) }, () => {
  it('serves seeded data and exits 0 on SIGTERM after closing cleanly', async () => {
    const server = await startServer({ DATA_DIR: freshDataDir() });
    const posts = (await (await fetch(`${server.url}/api/blog`)).json()) as unknown[];
    expect(posts.length).toBe(4);
    const started = Date.now();
    expect(await stop(server)).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(server.output()).toContain('shutdown complete');
  });

  it('finishes a request that is in flight when SIGTERM arrives, then exits 0', async () => {
    const server = await startServer({ DATA_DIR: await migratedDataDir() });
    const { hostname, port } = new URL(server.url);
    const body = JSON.stringify({
      name: 'Late Visitor',
      email: 'late@example.com',
      subject: 'Still there?',
      message: 'Sent while the server was shutting down.',
    });
    const socket = connect(Number(port), hostname);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    let response = '';
    socket.on('data', (chunk) => {
      response += chunk;
    });
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    // Headers and half the body: the request has started but cannot finish yet.
    socket.write(
      `POST /api/contact HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 20)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.end(body.slice(20));
    await closed;
    expect(response).toMatch(/^HTTP\/1\.1 201/);
    expect(response).toContain('"message":"Message sent"');
    expect(await server.exited).toBe(0);
  });

  it('exits 0 on SIGINT too', async () => {
    const server = await startServer({ DATA_DIR: await migratedDataDir() });
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
  });

  it('refuses a second process on the same data directory at once, saying why', {
    timeout: timeForStarts(2),
  }, async () => {
    const dataDir = await migratedDataDir();
    const first = await startServer({ DATA_DIR: dataDir });
    const second = spawnServer({ DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`is in use by another process (pid ${first.child.pid})`);
    // The first one is unharmed.
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
    expect(await stop(first)).toBe(0);
  });

  // Two starts and an open of the database between them.
  it('keeps its data across a restart and never seeds twice', { timeout: timeForStarts(3) }, async () => {
    const dataDir = await migratedDataDir();
    expect(await stop(await startServer({ DATA_DIR: dataDir }))).toBe(0);

    const database = await openDatabase({ kind: 'pglite', dataDir });
    await insertPost(database.db, { slug: 'written-between-runs', title: 'Written between runs' });
    await database.close();

    const again = await startServer({ DATA_DIR: dataDir });
    const posts = (await (await fetch(`${again.url}/api/blog`)).json()) as { slug: string }[];
    expect(posts.map((p) => p.slug)).toContain('written-between-runs');
    expect(posts).toHaveLength(5);
    expect(again.output()).toContain('"seed":"already-seeded"');
    expect(await stop(again)).toBe(0);
  });

  it('stops at start-up on a bad variable, naming it', async () => {
    // startServer waits for all it printed, and says how it exited.
    await expect(startServer({ DATA_DIR: freshDataDir(), PORT: 'eighty' })).rejects.toThrow(
      /^server did not start: exited after [\d.]+ s \(code 1, signal null\); it printed:\nInvalid configuration:\n {2}PORT: must be a port number\n$/,
    );
  });

  it('bootstraps the admin and never logs a password, cookie, authorization or resume token', async () => {
    const password = 'very-secret-admin-password';
    // debug: successful reads are logged at debug level.
    const server = await startServer({
      DATA_DIR: await migratedDataDir(),
      ADMIN_USERNAME: 'owner',
      ADMIN_PASSWORD: password,
      LOG_LEVEL: 'debug',
    });
    await fetch(`${server.url}/api/blog`, {
      headers: { cookie: 'session=COOKIE-VALUE-123', authorization: 'Bearer AUTH-VALUE-456' },
    });
    await fetch(`${server.url}/api/resume/download/TOKEN-VALUE-789`);
    expect(await stop(server)).toBe(0);
    const log = server.output();
    expect(log).toContain('"admin":"created"');
    expect(log).toContain('/api/resume/download/[redacted]');
    for (const secret of [password, 'COOKIE-VALUE-123', 'AUTH-VALUE-456', 'TOKEN-VALUE-789']) {
      expect(log).not.toContain(secret);
    }
    // Every request line carries a request id.
    const requestLines = log.split('\n').filter((line) => line.includes('"request completed"'));
    expect(requestLines.length).toBe(2);
    for (const line of requestLines) expect(JSON.parse(line).reqId).toMatch(/^[\w-]{22}$/);
  });
});
