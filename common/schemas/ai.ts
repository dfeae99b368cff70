/**
 * The AI features of spec sections 3 and 5: project recommendations and image
 * generation. The browser forms and the server routes parse with these same
 * schemas. Maximum lengths and counts are ours (the spec sets none).
 */

import {
  EXPERIENCE_LEVELS,
  IMAGE_PROMPT_MIN,
  IMAGE_QUALITIES,
  IMAGE_SIZES,
  PROJECT_CATEGORIES,
  RECOMMENDATION_PURPOSES,
} from '../constants.ts';
import { normalizeTags } from '../text.ts';
import { pageOf, typedText } from './shared.ts';
import { z } from './zod.ts';

// --- Recommendations --------------------------------------------------------------

export const INTERESTS_REQUIRED = 'Please enter at least one interest';

/** A list of short phrases; a comma-separated string is split, trimmed and de-duplicated. */
const phraseList = (label: string) =>
  z
    .union([z.string(), z.array(z.string())], { error: `${label} must be a list` })
    .transform((value) => normalizeTags(value))
    .pipe(
      z
        .array(z.string().max(60, `Each ${label.toLowerCase()} entry cannot exceed 60 characters`))
        .max(20, `Use at most 20 ${label.toLowerCase()}`),
    );

export const recommendationRequestSchema = z.object({
  interests: z
    .union([z.string(), z.array(z.string())], { error: INTERESTS_REQUIRED })
    .transform((value) => normalizeTags(value))
    .pipe(
      z
        .array(z.string().max(60, 'Each interest cannot exceed 60 characters'))
        .min(1, INTERESTS_REQUIRED)
        .max(20, 'Use at most 20 interests'),
    ),
  experienceLevel: z.enum(EXPERIENCE_LEVELS).default('intermediate'),
  preferredTechnologies: phraseList('Technologies').default([]),
  purpose: z.enum(RECOMMENDATION_PURPOSES).optional(),
  searchQuery: z
    .string()
    .trim()
    .max(300, 'The search cannot exceed 300 characters')
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
});
export type RecommendationRequestInput = z.input<typeof recommendationRequestSchema>;
export type RecommendationRequest = z.output<typeof recommendationRequestSchema>;

export const recommendedProjectSchema = z.object({
  id: z.string(),
  title: z.string(),
  category: z.enum(PROJECT_CATEGORIES),
  description: z.string(),
  tags: z.array(z.string()),
  imageUrl: z.string(),
  demoUrl: z.string().optional(),
  githubUrl: z.string().optional(),
});

export const recommendationSchema = z.object({
  project: recommendedProjectSchema,
  /** Match score in percent, 1-100. */
  score: z.number().int().min(0).max(100),
  reason: z.string(),
});
export type Recommendation = z.infer<typeof recommendationSchema>;

export const recommendationResultSchema = z.object({
  recommendations: z.array(recommendationSchema),
  explanation: z.string(),
});
export type RecommendationResult = z.infer<typeof recommendationResultSchema>;

export const recommendationResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  data: recommendationResultSchema.optional(),
});
export type RecommendationResponse = z.infer<typeof recommendationResponseSchema>;

// --- Images -----------------------------------------------------------------------------

export const INVALID_PROMPT = 'Please enter a descriptive prompt (at least 10 characters)';

export const imageRequestSchema = z.object({
  prompt: typedText({ error: `Invalid Prompt: ${INVALID_PROMPT}` })
    .trim()
    .min(IMAGE_PROMPT_MIN, `Invalid Prompt: ${INVALID_PROMPT}`)
    .max(1000, 'The prompt cannot exceed 1000 characters'),
  size: z.enum(IMAGE_SIZES, { error: `Size must be one of ${IMAGE_SIZES.join(', ')}` }).default('1024x1024'),
  quality: z.enum(IMAGE_QUALITIES, { error: 'Quality must be standard or hd' }).default('standard'),
});
export type ImageRequest = z.output<typeof imageRequestSchema>;

export const imageResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  data: z
    .object({
      url: z.string(),
      /** When the image was made, in milliseconds since 1970; names the downloaded file. */
      timestamp: z.number().int(),
      /** Who drew it: the site's built-in generator or the configured AI service. */
      generator: z.enum(['built-in', 'ai-service']),
    })
    .optional(),
});
export type ImageResponse = z.infer<typeof imageResponseSchema>;

/** One image its user generated, as their list of images answers it (GET /api/images). */
export const generatedImageSchema = z.object({
  url: z.string(),
  prompt: z.string(),
  size: z.enum(IMAGE_SIZES),
  quality: z.enum(IMAGE_QUALITIES),
  generator: z.enum(['built-in', 'ai-service']),
  /** When it was asked for, in milliseconds since 1970, as the answer to its generation said. */
  timestamp: z.number().int(),
});
export type GeneratedImage = z.infer<typeof generatedImageSchema>;

/** A signed-in user's images, newest first, and how many more the hourly limit allows now. */
export const yourImagesSchema = pageOf(generatedImageSchema).extend({ leftThisHour: z.number().int() });
export type YourImages = z.infer<typeof yourImagesSchema>;
