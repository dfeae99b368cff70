import { asc, desc, eq } from 'drizzle-orm';
import type { PublicEndorsement } from '../../../common/schemas/endorsements.ts';
import type { SkillsByCategory } from '../../../common/schemas/skills.ts';
import type { Db } from '../../db/client.ts';
import { skillEndorsements, skills } from '../../db/schema.ts';

/** Cache keys: the grouped skills list and each skill's endorsement list. */
export const SKILLS_CACHE_KEY = 'skills';
export const ENDORSEMENTS_CACHE_PREFIX = 'endorsements:';

export function createSkillService(db: Db) {
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
  };
}

export type SkillService = ReturnType<typeof createSkillService>;
