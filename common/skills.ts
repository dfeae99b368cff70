/**
 * The skills answer as the browser reads it: an object with three lists; a flat array is also
 * accepted and grouped by category after defaults (spec section 3). Written without zod, the same
 * rules as `skillSchema` (common/schemas/skills.ts), because this runs in the home page's skills
 * section and zod would add 25 KB to what a first visit downloads. skills.test.ts checks both agree.
 */
import { DEFAULT_SKILL_NAME, DEFAULT_SKILL_PERCENTAGE, SKILL_CATEGORIES } from './constants.ts';
import type { Skill, SkillsByCategory } from './schemas/skills.ts';

const isInt = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

/** One skill with the spec's defaults, or null when a field that is present has the wrong type or range. */
export function normalizeSkill(item: unknown): Skill | null {
  if (item === undefined || item === null) return normalizeSkill({});
  if (typeof item !== 'object' || Array.isArray(item)) return null;
  const {
    id = 0,
    name = DEFAULT_SKILL_NAME,
    category = 'frontend',
    percentage = DEFAULT_SKILL_PERCENTAGE,
    endorsement_count = 0,
  } = item as Record<string, unknown>;
  if (!isInt(id) || typeof name !== 'string') return null;
  if (!SKILL_CATEGORIES.includes(category as Skill['category'])) return null;
  if (typeof percentage !== 'number' || Number.isNaN(percentage) || percentage < 0 || percentage > 100)
    return null;
  if (!isInt(endorsement_count) || endorsement_count < 0) return null;
  return { id, name, category: category as Skill['category'], percentage, endorsement_count };
}

export function groupSkills(input: unknown): SkillsByCategory {
  const groups: SkillsByCategory = { frontend: [], backend: [], devops: [] };
  const list = Array.isArray(input)
    ? input
    : input && typeof input === 'object'
      ? SKILL_CATEGORIES.flatMap((category) => {
          const items = (input as Record<string, unknown>)[category];
          return Array.isArray(items)
            ? items.map((item) => (item && typeof item === 'object' ? { category, ...item } : item))
            : [];
        })
      : [];
  for (const item of list) {
    const skill = normalizeSkill(item);
    if (skill) groups[skill.category].push(skill);
  }
  return groups;
}
