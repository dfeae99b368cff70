/**
 * The AI features' rules: recommendations straight from the provider; images
 * counted against a per-user hourly limit, drawn by the provider and kept
 * through the upload storage, each one recorded with who asked and for what.
 */
import { and, count, eq, gt, isNotNull, min } from 'drizzle-orm';
import { IMAGE_SIZES, IMAGES_PER_HOUR } from '../../../common/constants.ts';
import type {
  GeneratedImage,
  ImageRequest,
  RecommendationRequest,
  RecommendationResult,
  YourImages,
} from '../../../common/schemas/ai.ts';
import type { PageQuery } from '../../../common/schemas/shared.ts';
import type { Db } from '../../db/client.ts';
import { newestFirst } from '../../db/paging.ts';
import { generatedImages } from '../../db/schema.ts';
import type { FileStorage } from '../../lib/storage.ts';
import type { AiProvider, Generator } from './providers.ts';

const HOUR_MS = 60 * 60 * 1000;

export type ImageOutcome =
  | { ok: true; url: string; timestamp: number; generator: Generator }
  | { ok: false; retryAfterSeconds: number };

export function createAiService(db: Db, provider: AiProvider, storage: FileStorage) {
  /** A user's attempts within the hour before `now` (those still drawing too), and the oldest's time. */
  const usage = async (userId: number, now: Date) => {
    const [row] = await db
      .select({ used: count(), oldest: min(generatedImages.createdAt) })
      .from(generatedImages)
      .where(
        and(
          eq(generatedImages.userId, userId),
          gt(generatedImages.createdAt, new Date(now.getTime() - HOUR_MS)),
        ),
      );
    return { used: row?.used ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
  };

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
      const { used, oldest: oldestAt } = await usage(userId, now);
      if (used > IMAGES_PER_HOUR) {
        await db.delete(generatedImages).where(eq(generatedImages.id, id));
        const oldest = oldestAt?.getTime() ?? now.getTime();
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

    /**
     * A user's images, newest first (those still drawing left out), and how many more the hourly
     * limit allows them now: nothing they generated is lost with the page that showed it.
     */
    async yourImages(userId: number, query: PageQuery, now = new Date()): Promise<YourImages> {
      const [page, { used }] = await Promise.all([
        newestFirst(db, generatedImages, query, {
          where: and(eq(generatedImages.userId, userId), isNotNull(generatedImages.url)),
          by: [generatedImages.createdAt, generatedImages.id],
          map: (image): GeneratedImage => ({
            url: image.url ?? '',
            prompt: image.prompt,
            // As the request was checked; a row of another kind (a restored backup's) reads as the default.
            size: IMAGE_SIZES.find((size) => size === image.size) ?? '1024x1024',
            quality: image.quality === 'hd' ? 'hd' : 'standard',
            generator: image.generator === 'ai-service' ? 'ai-service' : 'built-in',
            timestamp: image.createdAt.getTime(),
          }),
        }),
        usage(userId, now),
      ]);
      return { ...page, leftThisHour: Math.max(0, IMAGES_PER_HOUR - used) };
    },
  };
}

export type AiService = ReturnType<typeof createAiService>;
