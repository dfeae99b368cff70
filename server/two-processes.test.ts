/**
 * Two app processes sharing one PostgreSQL (the scaling path): a write through
 * one must reach the other's read cache through LISTEN/NOTIFY. Runs when
 * TEST_DATABASE_URL is set; with embedded PGlite there is only ever one process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_USED } from './lib/anti-spam.ts';
import { samplePostText } from './testing/samples.ts';
import { createTestApp, freshIp, type TestApp } from './testing/test-app.ts';

describe.runIf(process.env.TEST_DATABASE_URL)('two processes on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({ seed: false, databaseUrl: a.database.url });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  async function eventually(check: () => Promise<boolean>) {
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline) {
      if (await check()) return true;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return false;
  }

  it('a post published through one process appears in the other’s cached list', async () => {
    const before = (await b.app.inject('/api/blog')).json() as { slug: string }[];
    expect(before.map((p) => p.slug)).not.toContain('from-process-a');
    const cookie = await a.signIn('admin');
    const created = await a.writePost(cookie, {
      title: 'Written on process A',
      slug: 'from-process-a',
      ...samplePostText,
      isPublished: true,
    });
    expect(created.statusCode).toBe(201);
    const seen = await eventually(async () =>
      ((await b.app.inject('/api/blog')).json() as { slug: string }[]).some(
        (p) => p.slug === 'from-process-a',
      ),
    );
    expect(seen).toBe(true);
  });

  it('an endorsement through one process updates the other’s cached skill counts', async () => {
    const skills = (await b.app.inject('/api/skills')).json();
    const skill = skills.frontend[0];
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/skill-endorsements',
      remoteAddress: freshIp(),
      payload: {
        skillId: skill.id,
        name: 'Cross Process',
        email: 'cross@example.com',
        formToken: a.formToken('endorsement', skill.id),
      },
    });
    expect(res.statusCode).toBe(201);
    const seen = await eventually(async () => {
      const now = (await b.app.inject('/api/skills')).json();
      return now.frontend[0].endorsement_count === skill.endorsement_count + 1;
    });
    expect(seen).toBe(true);
  });

  it('a form token spent through one process is refused by the other', async () => {
    const skill = (await b.app.inject('/api/skills')).json().backend[0];
    const formToken = a.formToken('endorsement', skill.id);
    const send = (app: TestApp, email: string) =>
      app.app.inject({
        method: 'POST',
        url: '/api/skill-endorsements',
        remoteAddress: freshIp(),
        payload: { skillId: skill.id, name: 'Token Spender', email, formToken },
      });
    expect((await send(a, 'spender@example.com')).statusCode).toBe(201);
    const replay = await send(b, 'spender2@example.com');
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(FORM_USED);
  });
});
