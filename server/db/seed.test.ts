import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { seedPosts } from '../../content/blog-posts.ts';
import { seedSkills } from '../../content/skills.ts';
import { verifyPassword } from '../lib/passwords.ts';
import { openTestDatabase } from '../testing/test-app.ts';
import type { Database } from './client.ts';
import { insertPost } from './factories.ts';
import { blogPosts, skills, users } from './schema.ts';
import { createAdmin, seedDatabase } from './seed.ts';

let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

const postCount = async (db: Database['db']) => (await db.select({ n: count() }).from(blogPosts))[0]?.n;

describe('seedDatabase', () => {
  it('fills an empty database with the content posts and skills, once', async () => {
    database = await openTestDatabase();
    const { db } = database;
    expect(await seedDatabase(db)).toBe('seeded');
    expect(await postCount(db)).toBe(seedPosts.length);
    expect((await db.select({ n: count() }).from(skills))[0]?.n).toBe(seedSkills.length);
    const drafts = await db.select().from(blogPosts).where(eq(blogPosts.isPublished, false));
    expect(drafts.map((p) => p.slug)).toEqual(['pricing-service-work']);
    // A published seed post was last changed when it was published, not at the site's first start.
    for (const post of await db.select().from(blogPosts).where(eq(blogPosts.isPublished, true))) {
      expect(post.updatedAt, post.slug).toEqual(post.publishedAt);
      expect(post.createdAt, post.slug).toEqual(post.publishedAt);
    }

    // The owner deletes a seeded post: a restart must not bring it back.
    await db.delete(blogPosts).where(eq(blogPosts.slug, 'repair-before-replace'));
    expect(await seedDatabase(db)).toBe('already-seeded');
    expect(await postCount(db)).toBe(seedPosts.length - 1);
  });

  it('leaves a database that already holds data alone', async () => {
    database = await openTestDatabase();
    const { db } = database;
    await insertPost(db, { slug: 'owners-own-post' });
    expect(await seedDatabase(db)).toBe('not-empty');
    expect(await postCount(db)).toBe(1);
    expect((await db.select({ n: count() }).from(skills))[0]?.n).toBe(0);
  });
});

describe('createAdmin', () => {
  it('creates an admin with an argon2id hash, and never changes an existing account', async () => {
    database = await openTestDatabase();
    const { db } = database;
    expect(await createAdmin(db, 'owner', 'correct horse battery')).toBe('created');
    const [owner] = await db.select().from(users).where(eq(users.username, 'owner'));
    expect(owner).toMatchObject({ isAdmin: true, role: 'admin' });
    expect(owner?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(owner?.password ?? '', 'correct horse battery')).toBe(true);

    expect(await createAdmin(db, 'OWNER', 'another password!')).toBe('exists');
    const [still] = await db
      .select()
      .from(users)
      .where(eq(users.id, owner?.id ?? 0));
    expect(still?.password).toBe(owner?.password);
    expect((await db.select({ n: count() }).from(users))[0]?.n).toBe(1);
  });
});
