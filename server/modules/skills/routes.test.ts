import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicEndorsementListSchema, skillsByCategorySchema } from '../../../common/schemas/skills.ts';
import { seedSkills } from '../../../content/skills.ts';
import { insertEndorsement, insertSkill } from '../../db/factories.ts';
import { allKeys, createTestApp, PRIVATE_KEYS, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/skills', () => {
  it('groups the seeded skills under frontend, backend and devops with endorsement_count', async () => {
    const res = await t.app.inject('/api/skills');
    expect(res.statusCode).toBe(200);
    const skills = skillsByCategorySchema.parse(res.json());
    for (const category of ['frontend', 'backend', 'devops'] as const) {
      expect(skills[category].map((s) => s.name)).toEqual(
        seedSkills.filter((s) => s.category === category).map((s) => s.name),
      );
      for (const skill of skills[category]) {
        expect(skill.category).toBe(category);
        expect(skill.endorsement_count).toBe(0);
      }
    }
  });
});

describe('GET /api/skill-endorsements', () => {
  it('lists a skill’s endorsements newest first with public fields only', async () => {
    const skill = await insertSkill(t.database.db, { name: 'Soldering' });
    await insertEndorsement(t.database.db, skill.id, {
      name: 'Old Friend',
      createdAt: new Date('2026-01-01'),
    });
    await insertEndorsement(t.database.db, skill.id, {
      name: 'New Client',
      comment: 'Fixed my board in an hour',
      rating: 4,
      createdAt: new Date('2026-03-01'),
    });
    const res = await t.app.inject(`/api/skill-endorsements?skillId=${skill.id}`);
    expect(res.statusCode).toBe(200);
    const list = publicEndorsementListSchema.parse(res.json());
    expect(list.map((e) => e.name)).toEqual(['New Client', 'Old Friend']);
    expect(list[0]).toMatchObject({ rating: 4, comment: 'Fixed my board in an hour' });
    expect(Object.keys(res.json()[0]).sort()).toEqual(['comment', 'createdAt', 'id', 'name', 'rating']);
    for (const key of PRIVATE_KEYS) expect(allKeys(res.json()).has(key)).toBe(false);
  });

  it('answers 400 with the spec message when skillId is missing or not a positive number', async () => {
    for (const query of ['', '?skillId=', '?skillId=abc', '?skillId=0', '?skillId=-3', '?skillId=1.5']) {
      const res = await t.app.inject(`/api/skill-endorsements${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toBe('Skill ID is required');
      expect(res.json().errors).toEqual({ skillId: 'Skill ID is required' });
    }
  });

  it('answers 404 for an unknown skill', async () => {
    const res = await t.app.inject('/api/skill-endorsements?skillId=424242');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Skill not found' });
  });
});
