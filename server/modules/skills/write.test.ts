import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSkill } from '../../db/factories.ts';
import { skillEndorsements, skills } from '../../db/schema.ts';
import { FORM_EXPIRED, FORM_USED } from '../../lib/anti-spam.ts';
import { createTestApp, freshIp, type TestApp } from '../../testing/test-app.ts';
import { ALREADY_ENDORSED } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

/** Sends an endorsement with a valid token for its skill, as the dialog does, unless the payload has its own. */
const endorse = (payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/skill-endorsements',
    payload: { formToken: t.formToken('endorsement', String(payload.skillId)), ...payload },
    remoteAddress: freshIp(),
  });
const endorsementsOf = (id: number) =>
  t.database.db.select().from(skillEndorsements).where(eq(skillEndorsements.skillId, id));
const countOf = async (id: number) =>
  (await t.database.db.select().from(skills).where(eq(skills.id, id)))[0]?.endorsementCount;

describe('POST /api/skill-endorsements', () => {
  it('stores the endorsement, raises the count and refreshes the public lists at once', async () => {
    const skill = await insertSkill(t.database.db, { name: 'Key Programming', category: 'devops' });
    // Fill the caches first: the write must invalidate them.
    await t.app.inject('/api/skills');
    await t.app.inject(`/api/skill-endorsements?skillId=${skill.id}`);
    const res = await endorse({
      skillId: skill.id,
      name: 'Pat Client',
      email: 'pat@example.com',
      comment: 'Great work',
      rating: 4,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Endorsement submitted' });
    expect(await countOf(skill.id)).toBe(1);
    const grouped = (await t.app.inject('/api/skills')).json();
    expect(grouped.devops.find((s: { id: number }) => s.id === skill.id).endorsement_count).toBe(1);
    const list = (await t.app.inject(`/api/skill-endorsements?skillId=${skill.id}`)).json();
    expect(list).toEqual([expect.objectContaining({ name: 'Pat Client', rating: 4, comment: 'Great work' })]);
  });

  it('defaults the rating to 5 and the comment to none', async () => {
    const skill = await insertSkill(t.database.db);
    expect((await endorse({ skillId: skill.id, name: 'Al Bo', email: 'al@example.com' })).statusCode).toBe(
      201,
    );
    const [row] = await t.database.db
      .select()
      .from(skillEndorsements)
      .where(eq(skillEndorsements.skillId, skill.id));
    expect(row).toMatchObject({ rating: 5, comment: null });
  });

  it('refuses a second endorsement by the same email in any case with 409 and an error field', async () => {
    const skill = await insertSkill(t.database.db);
    await endorse({ skillId: skill.id, name: 'Jo Fan', email: 'jo@example.com' });
    const again = await endorse({ skillId: skill.id, name: 'Jo Fan', email: 'JO@Example.com' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: ALREADY_ENDORSED, error: ALREADY_ENDORSED });
    expect(await countOf(skill.id)).toBe(1);
  });

  it('keeps the count exact under concurrent endorsements', async () => {
    const skill = await insertSkill(t.database.db);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        endorse({ skillId: skill.id, name: `Fan ${i}`, email: `fan${i}@example.com` }),
      ),
    );
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    expect(await countOf(skill.id)).toBe(12);
  });

  it.each([
    ['skillId', { skillId: undefined }, 'Skill ID is required'],
    ['skillId', { skillId: -1 }, 'Skill ID is required'],
    ['skillId', { skillId: 'one' }, 'Skill ID is required'],
    ['name', { name: 'A' }, 'Name must be at least 2 characters'],
    ['email', { email: 'nope' }, 'Valid email address is required'],
    ['rating', { rating: 6 }, 'Rating must be between 1 and 5'],
    ['rating', { rating: 0 }, 'Rating must be between 1 and 5'],
  ])('answers 400 on a bad %s with the message in error too', async (field, change, message) => {
    const res = await endorse({ skillId: 1, name: 'Val Id', email: 'v@example.com', ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
    expect(res.json().error).toBe(res.json().message);
  });

  it('stores nothing from a bot: honeypot filled or sent too fast gets a normal answer, a replayed token a refusal', async () => {
    const skill = await insertSkill(t.database.db);
    const payload = { skillId: skill.id, name: 'Bo Tting', email: 'bot@example.com' };
    for (const res of [
      await endorse({ ...payload, website: 'http://spam.example' }),
      await endorse({ ...payload, formToken: t.formToken('endorsement', skill.id, 500) }),
    ]) {
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: 'Endorsement submitted' });
    }
    const formToken = t.formToken('endorsement', skill.id);
    expect((await endorse({ ...payload, formToken })).statusCode).toBe(201);
    const replay = await endorse({ ...payload, email: 'bot2@example.com', formToken });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ message: FORM_USED, error: FORM_USED });
    expect((await endorsementsOf(skill.id)).map((row) => row.email)).toEqual(['bot@example.com']);
    expect(await countOf(skill.id)).toBe(1);
  });

  it('refuses an endorsement without a token, or with a token for another skill or form', async () => {
    const skill = await insertSkill(t.database.db);
    for (const formToken of [
      undefined,
      t.formToken('endorsement', skill.id + 1),
      t.formToken('contribution'),
    ]) {
      const res = await endorse({ skillId: skill.id, name: 'No Token', email: 'nt@example.com', formToken });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: FORM_EXPIRED, error: FORM_EXPIRED });
    }
    expect(await endorsementsOf(skill.id)).toEqual([]);
  });

  it('answers 404 for an unknown skill', async () => {
    const res = await endorse({ skillId: 999999, name: 'No Body', email: 'n@example.com' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Skill not found', error: 'Skill not found' });
  });
});
