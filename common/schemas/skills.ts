/** Skills and endorsements: the public list, the endorsement form and list, and the owner's view. */
import {
  DEFAULT_RATING,
  DEFAULT_SKILL_NAME,
  DEFAULT_SKILL_PERCENTAGE,
  MAX_RATING,
  MIN_RATING,
  SKILL_CATEGORIES,
} from '../constants.ts';
import { antiSpamFields, email, isoDate, optionalText, text } from './shared.ts';
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

const RATING_RANGE = `Rating must be between ${MIN_RATING} and ${MAX_RATING}`;

export const endorsementSchema = z.object({
  skillId: z
    .number({ error: 'Skill ID is required' })
    .int('Skill ID is required')
    .positive('Skill ID is required'),
  name: text(100, 'Name').min(2, 'Name must be at least 2 characters'),
  email: email('Valid email address is required'),
  comment: optionalText(1000, 'Comment', { multiline: true }),
  rating: z
    .number({ error: RATING_RANGE })
    .int(RATING_RANGE)
    .min(MIN_RATING, RATING_RANGE)
    .max(MAX_RATING, RATING_RANGE)
    .default(DEFAULT_RATING),
  ...antiSpamFields,
});

export type EndorsementInput = z.input<typeof endorsementSchema>;

export const adminEndorsementSchema = z.object({
  id: z.number().int(),
  skillId: z.number().int(),
  skillName: z.string(),
  name: z.string(),
  email: z.string(),
  comment: z.string().nullable(),
  rating: z.number().int(),
  createdAt: isoDate,
  ipAddress: z.string().nullable(),
});

export type AdminEndorsement = z.infer<typeof adminEndorsementSchema>;

/** The skillId query of GET /api/skill-endorsements. */
export const endorsementQuerySchema = z.object({
  skillId: z.coerce
    .number({ error: 'Skill ID is required' })
    .int('Skill ID is required')
    .positive('Skill ID is required'),
});

/** A public endorsement: never the email or IP. */
export const publicEndorsementSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  rating: z.number().int().min(MIN_RATING).max(MAX_RATING),
  comment: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});

export const publicEndorsementListSchema = z.array(publicEndorsementSchema);

export type PublicEndorsement = z.infer<typeof publicEndorsementSchema>;
