import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { skillSchema } from './schemas/skills.ts';
import { groupSkills, normalizeSkill } from './skills.ts';

describe('groupSkills', () => {
  it('keeps the grouped answer as it is', () => {
    const grouped = groupSkills({
      frontend: [{ id: 1, name: 'React', category: 'frontend', percentage: 90, endorsement_count: 2 }],
      backend: [],
      devops: [{ id: 2, name: 'Docker', category: 'devops', percentage: 70, endorsement_count: 0 }],
    });
    expect(grouped.frontend.map((s) => s.name)).toEqual(['React']);
    expect(grouped.devops.map((s) => s.name)).toEqual(['Docker']);
    expect(grouped.backend).toEqual([]);
  });

  it('groups a flat array by category after applying the defaults', () => {
    const grouped = groupSkills([
      { name: 'Node.js', category: 'backend' },
      {},
      { id: 7, category: 'devops' },
    ]);
    expect(grouped.backend).toEqual([
      { id: 0, name: 'Node.js', category: 'backend', percentage: 50, endorsement_count: 0 },
    ]);
    expect(grouped.frontend).toEqual([
      { id: 0, name: 'Unknown Skill', category: 'frontend', percentage: 50, endorsement_count: 0 },
    ]);
    expect(grouped.devops[0]?.id).toBe(7);
  });

  it('gives three empty lists for an unexpected format', () => {
    expect(groupSkills('nonsense')).toEqual({ frontend: [], backend: [], devops: [] });
    expect(groupSkills(null)).toEqual({ frontend: [], backend: [], devops: [] });
  });
});

describe('normalizeSkill', () => {
  it('reads any value exactly as the zod schema the server answers with', () => {
    const field = fc.oneof(
      fc.anything(),
      fc.integer({ min: -5, max: 200 }),
      fc.double(),
      fc.constantFrom('frontend', 'backend', 'devops', 'other', undefined),
    );
    const item = fc.oneof(
      fc.anything(),
      fc.record(
        {
          id: field,
          name: fc.oneof(fc.string(), field),
          category: field,
          percentage: field,
          endorsement_count: field,
        },
        { requiredKeys: [] },
      ),
    );
    fc.assert(
      fc.property(item, (value) => {
        const parsed = skillSchema.safeParse(value ?? {});
        expect(normalizeSkill(value)).toEqual(parsed.success ? parsed.data : null);
      }),
      { numRuns: 2000 },
    );
  });
});
