import { DEFAULT_SKILL_NAME, DEFAULT_SKILL_PERCENTAGE, SKILL_CATEGORIES } from '../constants.ts';
import { z } from './zod.ts';

export const skillCategorySchema = z.enum(SKILL_CATEGORIES);

/** One skill as GET /api/skills answers it, with the spec's defaults for missing fields. */
export const skillSchema = z.object({
  id: z.number().int().default(0),
  name: z.string().default(DEFAULT_SKILL_NAME),
  category: skillCategorySchema.default('frontend'),
  percentage: z.number().min(0).max(100).default(DEFAULT_SKILL_PERCENTAGE),
  endorsement_count: z.number().int().min(0).default(0),
});

export const skillsByCategorySchema = z.object({
  frontend: z.array(skillSchema),
  backend: z.array(skillSchema),
  devops: z.array(skillSchema),
});

export type Skill = z.infer<typeof skillSchema>;
export type SkillsByCategory = z.infer<typeof skillsByCategorySchema>;
