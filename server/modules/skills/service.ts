import { asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { PageQuery } from '../../../common/schemas/shared.ts';
import type {
  endorsementSchema,
  PublicEndorsement,
  SkillsByCategory,
} from '../../../common/schemas/skills.ts';
import type { Db } from '../../db/client.ts';
import { newestPage, paged, withIsoDates } from '../../db/paging.ts';
import { skillEndorsements, skills } from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import type { ReadCache } from '../../lib/read-cache.ts';

export const ALREADY_ENDORSED = 'You have already endorsed this skill with this email address';

/** Cache keys: the grouped skills list and each skill's endorsement list. */
export const SKILLS_CACHE_KEY = 'skills';
export const ENDORSEMENTS_CACHE_PREFIX = 'endorsements:';

export function createSkillService(db: Db, cache: Pick<ReadCache, 'invalidate'>) {
  return {
    /** Every skill grouped by category, in a stable order, with its endorsement count. */
    async listGrouped(): Promise<SkillsByCategory> {
      const rows = await db.select().from(skills).orderBy(asc(skills.id));
      const grouped: SkillsByCategory = { frontend: [], backend: [], devops: [] };
      for (const row of rows) {
        grouped[row.category].push({
          id: row.id,
          name: row.name,
          category: row.category,
          percentage: row.percentage,
          endorsement_count: row.endorsementCount,
        });
      }
      return grouped;
    },

    async exists(skillId: number): Promise<boolean> {
      const [row] = await db.select({ id: skills.id }).from(skills).where(eq(skills.id, skillId)).limit(1);
      return row !== undefined;
    },

    /**
     * Stores an endorsement and raises the skill's count in one transaction.
     * One endorsement per email per skill (any case): a repeat is a 409.
     */
    async endorse(input: z.output<typeof endorsementSchema>, ipAddress: string): Promise<void> {
      await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(skillEndorsements)
          .values({
            skillId: input.skillId,
            name: input.name,
            email: input.email,
            rating: input.rating,
            comment: input.comment ?? null,
            ipAddress,
          })
          .onConflictDoNothing()
          .returning({ id: skillEndorsements.id });
        if (inserted.length === 0) throw new HttpError(409, ALREADY_ENDORSED);
        await tx
          .update(skills)
          .set({ endorsementCount: sql`${skills.endorsementCount} + 1` })
          .where(eq(skills.id, input.skillId));
      });
    },

    /** A skill's endorsements, newest first; only public fields. */
    async listEndorsements(skillId: number): Promise<PublicEndorsement[]> {
      const rows = await db
        .select({
          id: skillEndorsements.id,
          name: skillEndorsements.name,
          rating: skillEndorsements.rating,
          comment: skillEndorsements.comment,
          createdAt: skillEndorsements.createdAt,
        })
        .from(skillEndorsements)
        .where(eq(skillEndorsements.skillId, skillId))
        .orderBy(desc(skillEndorsements.createdAt), desc(skillEndorsements.id));
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },

    // --- for the owner ------------------------------------------------------------------
    /** Every endorsement (or one skill's) with the endorser's email, newest first. */
    async endorsementsPage(query: PageQuery, skillId?: number) {
      const where = skillId ? eq(skillEndorsements.skillId, skillId) : undefined;
      return paged(db, skillEndorsements, where, query, async (offset) =>
        (
          await newestPage(
            db
              .select({ endorsement: skillEndorsements, skillName: skills.name })
              .from(skillEndorsements)
              .innerJoin(skills, eq(skills.id, skillEndorsements.skillId))
              .where(where)
              .$dynamic(),
            [skillEndorsements.createdAt, skillEndorsements.id],
            query,
            offset,
          )
        ).map(({ endorsement, skillName }) => ({ ...withIsoDates(endorsement), skillName })),
      );
    },

    /** Removes an abusive endorsement; the skill's count follows. */
    async deleteEndorsement(id: number) {
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(skillEndorsements).where(eq(skillEndorsements.id, id)).returning();
        if (!row) throw notFound('Endorsement not found');
        await tx
          .update(skills)
          .set({ endorsementCount: sql`greatest(${skills.endorsementCount} - 1, 0)` })
          .where(eq(skills.id, row.skillId));
        cache.invalidate(SKILLS_CACHE_KEY, `${ENDORSEMENTS_CACHE_PREFIX}${row.skillId}`);
      });
    },
  };
}

export type SkillService = ReturnType<typeof createSkillService>;
