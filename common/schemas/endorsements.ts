import { MAX_RATING, MIN_RATING } from '../constants.ts';
import { z } from './zod.ts';

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
