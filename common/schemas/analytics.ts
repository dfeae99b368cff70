import { z } from './zod.ts';

/** A page view reported by the first-party analytics script (/insights.js). */
export const pageViewSchema = z.object({
  path: z
    .string()
    .max(2000)
    .regex(/^\/(?!\/)/, 'path must start with one slash'),
  referrer: z.string().max(2000).optional().default(''),
  screenWidth: z.number().int().min(0).max(100_000).optional(),
  screenHeight: z.number().int().min(0).max(100_000).optional(),
});
