/**
 * First-start seeding and admin bootstrap. The content of content/ is copied
 * into an empty database once; a marker in app_meta records it, so later starts
 * (and posts the owner deletes) are never touched again. A database that already
 * holds data but no marker is not ours to fill and is left alone.
 */
import { count, eq, sql } from 'drizzle-orm';
import { seedPosts } from '../../content/blog-posts.ts';
import { seedSkills } from '../../content/skills.ts';
import { hashPassword } from '../lib/passwords.ts';
import type { Db } from './client.ts';
import { seedPostRow, skillRow } from './factories.ts';
import { appMeta, blogPosts, skills, users } from './schema.ts';

const SEEDED_KEY = 'seeded_at';

export type SeedResult = 'seeded' | 'already-seeded' | 'not-empty';

export async function seedDatabase(db: Db): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    // Claiming the marker first serialises concurrent starts against one PostgreSQL.
    const claimed = await tx
      .insert(appMeta)
      .values({ key: SEEDED_KEY, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (claimed.length === 0) return 'already-seeded';

    const [posts] = await tx.select({ n: count() }).from(blogPosts);
    const [skillCount] = await tx.select({ n: count() }).from(skills);
    const [userCount] = await tx.select({ n: count() }).from(users);
    if ((posts?.n ?? 0) + (skillCount?.n ?? 0) + (userCount?.n ?? 0) > 0) return 'not-empty';

    await tx.insert(skills).values(seedSkills.map((skill) => skillRow(skill)));
    await tx.insert(blogPosts).values(seedPosts.map(seedPostRow));
    return 'seeded';
  });
}

export type AdminResult = 'created' | 'exists';

/**
 * Creates an admin account unless the username is taken (in any case). An
 * existing account is never changed: its password stays the owner's.
 */
export async function createAdmin(db: Db, username: string, password: string): Promise<AdminResult> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  if (existing) return 'exists';
  const inserted = await db
    .insert(users)
    .values({ username, password: await hashPassword(password), isAdmin: true, role: 'admin' })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return inserted.length > 0 ? 'created' : 'exists';
}
