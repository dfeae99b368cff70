/**
 * Row builders for every table the seed and the tests fill. Seeding and test
 * fixtures use the same code, so a schema change breaks both at once.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SeedPost, SeedSkill } from '../../common/schemas/content.ts';
import { contentFolder } from '../paths.ts';
import type { Db } from './client.ts';
import { blogPosts, comments, skillEndorsements, skills } from './schema.ts';

type NewPost = typeof blogPosts.$inferInsert;
type NewSkill = typeof skills.$inferInsert;
type NewComment = typeof comments.$inferInsert;
type NewEndorsement = typeof skillEndorsements.$inferInsert;

let sequence = 0;
const next = () => ++sequence;

export function postRow(overrides: Partial<NewPost> = {}): NewPost {
  const n = next();
  return {
    title: `Test post number ${n}`,
    slug: `test-post-${n}`,
    summary: `A summary of test post number ${n}.`,
    content: `The body of test post number ${n}, long enough to read.`,
    coverImage: '',
    tags: ['Testing'],
    isPublished: true,
    publishedAt: new Date(Date.UTC(2026, 0, 1) + n * 60_000),
    ...overrides,
  };
}

/** The database row of one of the content/ seed posts, its markdown read from content/posts/. */
export function seedPostRow(post: SeedPost): NewPost {
  return postRow({
    title: post.title,
    slug: post.slug,
    summary: post.summary,
    content: readFileSync(join(contentFolder, 'posts', post.file), 'utf8').trim(),
    coverImage: post.coverImage,
    tags: post.tags,
    isPublished: post.isPublished,
    publishedAt: post.publishedAt ? new Date(post.publishedAt) : null,
    // Written when it was published, not when this site first started: feeds and search engines
    // would otherwise see every seeded post as changed on the day the site went up.
    ...(post.publishedAt
      ? { createdAt: new Date(post.publishedAt), updatedAt: new Date(post.publishedAt) }
      : {}),
  });
}

export function skillRow(overrides: Partial<NewSkill> & Partial<SeedSkill> = {}): NewSkill {
  return { name: `Skill ${next()}`, category: 'frontend', percentage: 50, ...overrides };
}

export function commentRow(postId: number, overrides: Partial<NewComment> = {}): NewComment {
  const n = next();
  return {
    postId,
    name: `Reader ${n}`,
    email: `reader${n}@example.com`,
    content: `A thoughtful comment number ${n}.`,
    ipAddress: '203.0.113.7',
    captchaToken: 'not-a-robot',
    ...overrides,
  };
}

export function endorsementRow(skillId: number, overrides: Partial<NewEndorsement> = {}): NewEndorsement {
  const n = next();
  return {
    skillId,
    name: `Endorser Number${n}`,
    email: `endorser${n}@example.com`,
    rating: 5,
    ipAddress: '198.51.100.9',
    ...overrides,
  };
}

export async function insertPost(db: Db, overrides: Partial<NewPost> = {}) {
  const [row] = await db.insert(blogPosts).values(postRow(overrides)).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function insertSkill(db: Db, overrides: Partial<NewSkill> = {}) {
  const [row] = await db.insert(skills).values(skillRow(overrides)).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function insertComment(db: Db, postId: number, overrides: Partial<NewComment> = {}) {
  const [row] = await db.insert(comments).values(commentRow(postId, overrides)).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function insertEndorsement(db: Db, skillId: number, overrides: Partial<NewEndorsement> = {}) {
  const [row] = await db.insert(skillEndorsements).values(endorsementRow(skillId, overrides)).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}
