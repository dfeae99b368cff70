/**
 * The AI features' rules: recommendations straight from the provider; images
 * counted against a per-user hourly limit, drawn by the provider and kept
 * through the upload storage, each one recorded with who asked and for what.
 */
import { and, count, eq, gt, min } from 'drizzle-orm';
import type {
  ImageRequest,
  RecommendationRequest,
  RecommendationResult,
} from '../../../common/schemas/ai.ts';
import type { Db } from '../../db/client.ts';
import { generatedImages } from '../../db/schema.ts';
import type { FileStorage } from '../../lib/storage.ts';
import type { AiProvider, Generator } from './providers.ts';

/** Images one user may generate per hour. */
export const IMAGES_PER_HOUR = 20;
const HOUR_MS = 60 * 60 * 1000;

export type ImageOutcome =
  | { ok: true; url: string; timestamp: number; generator: Generator }
  | { ok: false; retryAfterSeconds: number };

export function createAiService(db: Db, provider: AiProvider, storage: FileStorage) {
  return {
    provider: provider.name,

    recommend(request: RecommendationRequest): Promise<RecommendationResult> {
      return provider.recommend(request);
    },

    /**
     * Generates an image for a signed-in user, or says how long until the hourly limit allows
     * another. The attempt is recorded before drawing, so parallel requests count too; a failed
     * attempt is removed again and costs nothing.
     */
    async generateImage(userId: number, request: ImageRequest, now = new Date()): Promise<ImageOutcome> {
      const [row] = await db
        .insert(generatedImages)
        .values({
          userId,
          prompt: request.prompt,
          size: request.size,
          quality: request.quality,
          createdAt: now,
        })
        .returning({ id: generatedImages.id });
      const id = row?.id ?? 0;
      const windowStart = new Date(now.getTime() - HOUR_MS);
      const [usage] = await db
        .select({ used: count(), oldest: min(generatedImages.createdAt) })
        .from(generatedImages)
        .where(and(eq(generatedImages.userId, userId), gt(generatedImages.createdAt, windowStart)));
      if ((usage?.used ?? 0) > IMAGES_PER_HOUR) {
        await db.delete(generatedImages).where(eq(generatedImages.id, id));
        const oldest = usage?.oldest ? new Date(usage.oldest).getTime() : now.getTime();
        return {
          ok: false,
          retryAfterSeconds: Math.max(1, Math.ceil((oldest + HOUR_MS - now.getTime()) / 1000)),
        };
      }
      try {
        const { png, generator } = await provider.generateImage(request);
        const url = await storage.save(png, 'png');
        await db.update(generatedImages).set({ url, generator }).where(eq(generatedImages.id, id));
        return { ok: true, url, timestamp: now.getTime(), generator };
      } catch (error) {
        await db.delete(generatedImages).where(eq(generatedImages.id, id));
        throw error;
      }
    },
  };
}

export type AiService = ReturnType<typeof createAiService>;
