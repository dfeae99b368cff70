/**
 * Posts in and out as Markdown files with front matter.
 *
 * Export: one `<slug>.md` per post (title, slug, summary, tags, date, updated, cover, draft,
 * description, canonical), the body as written.
 *
 * Import: the front matter of Astro, Next.js, Hugo and Jekyll posts (`title`, `slug` or the
 * file's name, `description`/`summary`/`excerpt`, `tags`/`categories`, `date`/`pubDate`,
 * `draft`/`published`, `cover`/`image`/`heroImage`/...). Images the post names by a relative
 * path (its cover and `![...](./x.png)` in the text) are stored like uploads; an image already
 * imported (the same bytes) keeps its address, so importing the same files twice changes
 * nothing. A dry run says what would be created, updated or skipped and why, and writes nothing.
 */
import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { stringify as stringifyYaml } from 'yaml';
import { IMAGE_FILE, MARKDOWN_FILE } from '../../../common/markdown-import.ts';
import { type BlogPostFormValues, blogPostFormSchema } from '../../../common/schemas/blog.ts';
import type { Db } from '../../db/client.ts';
import { appMeta, blogPosts } from '../../db/schema.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { storeUpload } from '../uploads/service.ts';
import { parsePost } from './markdown-parse.ts';
import { POST_FIELD_NAMES } from './post-rows.ts';

/** A file of an import: its path inside the folder or zip (with '/') and its bytes. */
export interface ImportFile {
  path: string;
  bytes: Buffer;
}

export type ImportAction = 'create' | 'update' | 'skip';

export interface ImportResult {
  file: string;
  slug: string | null;
  action: ImportAction;
  /** Why: what changes on an update, what is wrong or unchanged on a skip. */
  reason: string;
}

type PostRow = typeof blogPosts.$inferSelect;

// --- Export --------------------------------------------------------------------------

/** One post as a Markdown file with front matter. */
export function postToMarkdown(post: PostRow): string {
  const front: Record<string, unknown> = {
    title: post.title,
    slug: post.slug,
    summary: post.summary,
    tags: post.tags,
    date: (post.publishedAt ?? post.createdAt).toISOString(),
    updated: post.updatedAt.toISOString(),
    draft: !post.isPublished,
  };
  if (post.coverImage) front.cover = post.coverImage;
  if (post.metaDescription) front.description = post.metaDescription;
  if (post.canonicalUrl) front.canonical = post.canonicalUrl;
  return `---\n${stringifyYaml(front, { lineWidth: 0 }).trimEnd()}\n---\n\n${post.content.replace(/^\n+/, '')}${post.content.endsWith('\n') ? '' : '\n'}`;
}

/** Every post, oldest first, as `<slug>.md` files. */
export async function exportPosts(db: Db): Promise<ImportFile[]> {
  const rows = await db.select().from(blogPosts).orderBy(blogPosts.id);
  return rows.map((post) => ({ path: `${post.slug}.md`, bytes: Buffer.from(postToMarkdown(post), 'utf8') }));
}

// --- Import: reading one file ----------------------------------------------------------

const imageKey = (bytes: Buffer) => `import:image:${createHash('sha256').update(bytes).digest('hex')}`;

/** The site address of an imported image: the one it got before, or a new upload. */
async function imageAddress(db: Db, storage: FileStorage, bytes: Buffer, dryRun: boolean): Promise<string> {
  const key = imageKey(bytes);
  const [known] = await db.select().from(appMeta).where(eq(appMeta.key, key));
  if (known) return known.value;
  if (dryRun) return `/uploads/(new image ${key.slice(-8)})`;
  const url = await storeUpload(storage, 'image', bytes);
  await db.insert(appMeta).values({ key, value: url }).onConflictDoNothing();
  const [stored] = await db.select().from(appMeta).where(eq(appMeta.key, key));
  return stored?.value ?? url;
}

// --- Import: the whole set ---------------------------------------------------------------

/** The file a path from the old site's root means: the shortest whose path ends with it. */
function rootedFile(paths: readonly string[], rooted: string): string | undefined {
  return paths.find((path) => path === rooted || path.endsWith(`/${rooted}`));
}

/** What an import compares with the stored post (the slug is how they were matched). */
const COMPARED: Array<keyof BlogPostFormValues> = POST_FIELD_NAMES.filter((name) => name !== 'slug');

/** What differs between a stored post and an imported one ([] when nothing does). */
function differences(row: PostRow, values: BlogPostFormValues): string[] {
  const changed: string[] = COMPARED.filter(
    (field) => JSON.stringify(row[field as keyof PostRow]) !== JSON.stringify(values[field]),
  );
  const publishedAt = values.publishAt ? new Date(values.publishAt).getTime() : null;
  if (values.isPublished && publishedAt !== null && row.publishedAt?.getTime() !== publishedAt) {
    changed.push('date');
  }
  return changed;
}

export interface ImportOptions {
  dryRun?: boolean;
  /** The account the new posts are written by. */
  authorId: number | null;
  /** How posts are written, so the site's own rules (rendering, caches) apply. */
  blog: {
    createPost(values: BlogPostFormValues, authorId: number): Promise<{ id: number }>;
    updatePost(id: number, values: Partial<BlogPostFormValues>): Promise<unknown>;
  };
}

/**
 * Imports Markdown posts from `files` (a folder's or a zip's contents): creates new slugs,
 * updates posts whose files differ, skips the rest, saying why for each file.
 */
export async function importPosts(
  db: Db,
  storage: FileStorage,
  files: ImportFile[],
  { dryRun = false, authorId, blog }: ImportOptions,
): Promise<ImportResult[]> {
  const byPath = new Map(files.map((file) => [posix.normalize(file.path.replaceAll('\\', '/')), file]));
  // Shortest first: of two files that end the same way, the one nearer the top is meant.
  const rootedPaths = [...byPath.keys()]
    .filter((key) => IMAGE_FILE.test(key))
    .sort((a, b) => a.split('/').length - b.split('/').length || (a < b ? -1 : 1));
  const posts = [...byPath.entries()]
    .filter(([path]) => MARKDOWN_FILE.test(path) && !posix.basename(path).startsWith('_'))
    .sort(([a], [b]) => (a < b ? -1 : 1));
  const parsed = posts.map(([path, file]) => ({ path, result: parsePost({ path, bytes: file.bytes }) }));
  const slugs = parsed.flatMap(({ result }) => (result.ok ? [result.post.values.slug] : []));
  const existing = new Map(
    slugs.length === 0
      ? []
      : (await db.select().from(blogPosts).where(inArray(blogPosts.slug, slugs))).map((row) => [
          row.slug,
          row,
        ]),
  );

  const results: ImportResult[] = [];
  const seen = new Set<string>();
  for (const { path, result } of parsed) {
    if (!result.ok) {
      results.push({ file: path, slug: result.slug, action: 'skip', reason: result.reason });
      continue;
    }
    const { values, images } = result.post;
    if (seen.has(values.slug)) {
      results.push({
        file: path,
        slug: values.slug,
        action: 'skip',
        reason: `another file has the slug ${values.slug}`,
      });
      continue;
    }
    seen.add(values.slug);

    const missing = images.find((image) => !image.rooted && !byPath.has(image.path));
    if (missing) {
      results.push({
        file: path,
        slug: values.slug,
        action: 'skip',
        reason: `the image ${missing.path} is not among the files`,
      });
      continue;
    }
    // Images among the files get their address on this site (the same bytes keep the same one). A
    // path from the old site's root is looked for at the end of the files' paths
    // (`/images/a.png` is Hugo's `static/images/a.png`); one that is not there stays as written.
    let content = values.content;
    let coverImage = values.coverImage;
    let coverFromFiles = false;
    try {
      for (const image of images) {
        const file = image.rooted ? rootedFile(rootedPaths, image.path) : image.path;
        const bytes = file === undefined ? undefined : byPath.get(file)?.bytes;
        if (!bytes) continue;
        const url = await imageAddress(db, storage, bytes, dryRun);
        const form = image.reference;
        content = content.replaceAll(`](${form})`, `](${url})`).replaceAll(`](${form} `, `](${url} `);
        content = content.replaceAll(`](<${form}>)`, `](${url})`);
        if (coverImage === form) {
          coverImage = url;
          coverFromFiles = true;
        }
      }
    } catch (error) {
      results.push({
        file: path,
        slug: values.slug,
        action: 'skip',
        reason: `an image could not be read (${(error as Error).message})`,
      });
      continue;
    }
    // A cover from the old site's root that is not among the files must be an address here.
    if (!coverFromFiles && !blogPostFormSchema.shape.coverImage.safeParse(coverImage).success) {
      results.push({
        file: path,
        slug: values.slug,
        action: 'skip',
        reason: `the image ${coverImage} is not among the files`,
      });
      continue;
    }
    const post: BlogPostFormValues = { ...values, content, coverImage };
    const current = existing.get(values.slug);
    if (current) {
      const changed = differences(current, post);
      if (changed.length === 0) {
        results.push({ file: path, slug: values.slug, action: 'skip', reason: 'unchanged' });
        continue;
      }
      if (!dryRun) {
        const { slug: _slug, publishAt, ...fields } = post;
        await blog.updatePost(current.id, {
          ...fields,
          ...(changed.includes('date') && publishAt ? { publishAt } : {}),
        });
      }
      results.push({
        file: path,
        slug: values.slug,
        action: 'update',
        reason: `changes ${changed.join(', ')}`,
      });
    } else {
      if (!dryRun) {
        if (authorId === null) throw new Error('importing needs an admin account to write the posts');
        await blog.createPost(post, authorId);
      }
      results.push({
        file: path,
        slug: values.slug,
        action: 'create',
        reason: post.isPublished ? 'new post' : 'new draft',
      });
    }
  }
  return results;
}

/** The first admin's id: who imported posts are written by. */
export async function firstAdminId(db: Db): Promise<number | null> {
  const result = (await db.execute(
    sql`select id from users where is_admin order by id limit 1`,
  )) as unknown as { rows: Array<{ id: number }> };
  return result.rows[0]?.id ?? null;
}
