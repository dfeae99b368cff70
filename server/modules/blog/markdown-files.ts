/**
 * Posts in and out as Markdown files with front matter.
 *
 * Export: one `<slug>.md` per post (title, slug, summary, tags, date, updated, cover, draft,
 * description, canonical), the body as written.
 *
 * Import: Markdown and MDX posts of Astro, Next.js, Hugo and Jekyll sites, their front matter
 * under its usual names (markdown-parse.ts) and their bodies made into this site's Markdown
 * (import-body.ts). Every image a post names comes along as an upload: one beside the post, one
 * from the old site's root (looked for at the end of the files' paths) and one on another site
 * (fetched, through RemoteImages); an image already imported (the same bytes, or the same address)
 * keeps its address, so importing the same files twice changes nothing. A post whose body is
 * shorter than the editor's minimum comes in as a draft. The post's old addresses are kept, and
 * the site answers them with a 301 to the post. A dry run says what would be created, updated or
 * skipped and why, and what reading each post changes, and writes and fetches nothing.
 */
import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { stringify as stringifyYaml } from 'yaml';
import { IMAGE_FILE, MARKDOWN_FILE } from '../../../common/markdown-import.ts';
import {
  type BlogPostFormValues,
  blogPostFormSchema,
  draftPostFormSchema,
} from '../../../common/schemas/blog.ts';
import { tagKey } from '../../../common/text.ts';
import type { Db } from '../../db/client.ts';
import { appMeta, blogPosts } from '../../db/schema.ts';
import type { RemoteImages } from '../../lib/outbound.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { storeUpload } from '../uploads/service.ts';
import { type ParsedPost, parsePost } from './markdown-parse.ts';
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
  /** What reading the post changed or dropped, and what could not be brought. */
  notes: string[];
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

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
const imageKey = (bytes: Buffer) => `import:image:${sha256(bytes)}`;
/** An image on another site, by its address: fetched once, however often it is imported. */
const remoteKey = (url: string) => `import:remote:${sha256(url)}`;

async function known(db: Db, key: string): Promise<string | undefined> {
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, key));
  return row?.value;
}

/** The site address of an imported image: the one it got before, or a new upload. */
async function imageAddress(db: Db, storage: FileStorage, bytes: Buffer, dryRun: boolean): Promise<string> {
  const key = imageKey(bytes);
  const before = await known(db, key);
  if (before) return before;
  if (dryRun) return `/uploads/(new image ${key.slice(-8)})`;
  const url = await storeUpload(storage, 'image', bytes);
  await db.insert(appMeta).values({ key, value: url }).onConflictDoNothing();
  return (await known(db, key)) ?? url;
}

// --- Import: the whole set ---------------------------------------------------------------

/** The file a path from the old site's root means: the shortest whose path ends with it. */
function rootedFile(paths: readonly string[], rooted: string): string | undefined {
  return paths.find((path) => path === rooted || path.endsWith(`/${rooted}`));
}

/** What an import compares with the stored post (the slug is how they were matched). */
const COMPARED: Array<keyof BlogPostFormValues> = POST_FIELD_NAMES.filter((name) => name !== 'slug');

/** A field as an import compares it: tags by what they are, not how the old site spelled them. */
const compared = (field: string, value: unknown) =>
  field === 'tags' && Array.isArray(value) ? value.map((tag) => tagKey(String(tag))) : value;

/**
 * What differs between a stored post and an imported one ([] when nothing does). A file without a
 * cover leaves the post's cover as it is: every post has one (drawn when none came), and an image
 * here is not dropped because the old site's file no longer names it.
 */
function differences(row: PostRow, values: BlogPostFormValues): string[] {
  const changed: string[] = COMPARED.filter(
    (field) =>
      !(field === 'coverImage' && values.coverImage === '') &&
      JSON.stringify(compared(field, row[field as keyof PostRow])) !==
        JSON.stringify(compared(field, values[field])),
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
    /** Keeps a post's addresses on its old site (answered with a 301), and when it last changed there. */
    settleImport(id: number, imported: { oldPaths: string[]; updatedAt?: Date | undefined }): Promise<void>;
  };
  /** How images on other sites are fetched. */
  remoteImages: RemoteImages;
}

/** Is this image reference a file beside the post (not a URL, not a path of this site)? */
const isRelative = (reference: string) => !/^([a-z][a-z0-9+.-]*:|\/|#)/i.test(reference);
/** Is it a path from the root of the site it was written for (not `//host/...`)? */
const isRooted = (reference: string) => /^\/(?!\/)/.test(reference);
const isRemote = (reference: string) => /^(https?:)?\/\//i.test(reference);

/** The file an image reference means among the files, by the rules above (undefined: not a file of the import). */
function fileOf(reference: string, postPath: string): { path: string; rooted: boolean } | undefined {
  let clean: string;
  try {
    clean = decodeURI(reference.split(/[?#]/)[0] ?? '');
  } catch {
    return undefined; // Not a readable address: left as written.
  }
  if (!IMAGE_FILE.test(clean)) return undefined;
  if (isRooted(reference)) return { path: posix.normalize(clean).replace(/^\/+/, ''), rooted: true };
  if (!isRelative(reference)) return undefined;
  const path = posix.normalize(posix.join(posix.dirname(postPath), clean));
  return path.startsWith('../') ? undefined : { path, rooted: false };
}

type Outcome = { skip: string } | { post: BlogPostFormValues; notes: string[] };

/**
 * Imports Markdown and MDX posts from `files` (a folder's or a zip's contents): creates new slugs,
 * updates posts whose files differ, skips the rest, saying why for each file and what changed.
 */
export async function importPosts(
  db: Db,
  storage: FileStorage,
  files: ImportFile[],
  { dryRun = false, authorId, blog, remoteImages }: ImportOptions,
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
  const slugs = parsed.flatMap(({ result }) => (result.ok ? [result.post.slug] : []));
  const existing = new Map(
    slugs.length === 0
      ? []
      : (await db.select().from(blogPosts).where(inArray(blogPosts.slug, slugs))).map((row) => [
          row.slug,
          row,
        ]),
  );

  // Images on other sites, each fetched once per import (and once ever: its address is kept).
  const fetched = new Map<string, Promise<{ url: string; fetched: boolean } | { failed: string }>>();
  const remote = (reference: string) => {
    const url = reference.startsWith('//') ? `https:${reference}` : reference;
    let result = fetched.get(url);
    if (!result) {
      result = (async () => {
        const before = await known(db, remoteKey(url));
        if (before) return { url: before, fetched: false };
        try {
          const bytes = await remoteImages.fetch(url);
          // A dry run fetches too (so it can say what cannot be fetched) but keeps nothing.
          if (dryRun) return { url: `/uploads/(new image from ${new URL(url).hostname})`, fetched: true };
          const address = await imageAddress(db, storage, bytes, false);
          await db
            .insert(appMeta)
            .values({ key: remoteKey(url), value: address })
            .onConflictDoNothing();
          return { url: address, fetched: true };
        } catch (error) {
          return { failed: (error as Error).message };
        }
      })();
      fetched.set(url, result);
    }
    return result;
  };

  /** The post with every image at its address here, or why it cannot be imported. */
  const bring = async (path: string, parsed: ParsedPost): Promise<Outcome> => {
    const notes = [...parsed.body.notes];
    const addresses = new Map<string, string | null>();
    for (const reference of new Set([parsed.cover, ...parsed.body.imageUrls].filter(Boolean))) {
      if (isRemote(reference)) {
        const result = await remote(reference);
        if ('failed' in result)
          notes.push(`the image ${reference} could not be fetched (${result.failed}): left as a link`);
        else if (result.fetched)
          notes.push(`the image ${reference} ${dryRun ? 'will be' : 'was'} brought here`);
        addresses.set(reference, 'failed' in result ? null : result.url);
        continue;
      }
      const file = fileOf(reference, path);
      if (!file) continue;
      if (!file.rooted && !byPath.has(file.path))
        return { skip: `the image ${file.path} is not among the files` };
      // A path from the old site's root is looked for at the end of the files' paths
      // (`/images/a.png` is Hugo's `static/images/a.png`); one that is not there stays as written.
      const found = file.rooted ? rootedFile(rootedPaths, file.path) : file.path;
      const bytes = found === undefined ? undefined : byPath.get(found)?.bytes;
      if (!bytes) continue;
      try {
        addresses.set(reference, await imageAddress(db, storage, bytes, dryRun));
      } catch (error) {
        return { skip: `an image could not be read (${(error as Error).message})` };
      }
    }
    const addressOf = (url: string) => (addresses.has(url) ? (addresses.get(url) ?? null) : url);
    const written = parsed.body.write(addressOf);
    notes.push(...written.notes);

    let coverImage = parsed.cover ? addressOf(parsed.cover) : '';
    if (coverImage === null) {
      notes.push('the cover could not be fetched: one is drawn from its title');
      coverImage = '';
    } else if (coverImage && !addresses.has(parsed.cover)) {
      // A cover from the old site's root that is not among the files must be an address here.
      if (!blogPostFormSchema.shape.coverImage.safeParse(coverImage).success) {
        return { skip: `the image ${coverImage} is not among the files` };
      }
    }
    const fields = {
      title: parsed.title,
      slug: parsed.slug,
      summary: parsed.summary && parsed.summary.length >= 10 ? parsed.summary : parsed.title,
      content: written.markdown,
      coverImage,
      tags: parsed.tags,
      metaDescription: parsed.metaDescription,
      canonicalUrl: parsed.canonicalUrl,
    };
    const short = written.markdown.length < 50;
    const publish = !parsed.draft && !short;
    // A cover brought here has its address from this site (in a dry run, a placeholder).
    const brought = parsed.cover !== '' && addresses.has(parsed.cover);
    const valid = (short ? draftPostFormSchema : blogPostFormSchema).safeParse({
      ...fields,
      coverImage: brought ? '' : coverImage,
      isPublished: publish,
      publishAt: parsed.date && publish ? parsed.date.toISOString() : null,
    });
    if (!valid.success) return { skip: valid.error.issues[0]?.message ?? 'it is not a valid post' };
    if (short && !parsed.draft) {
      notes.push('imported as a draft: its body is shorter than the 50 characters a published post needs');
    }
    return { post: { ...(valid.data as BlogPostFormValues), coverImage }, notes };
  };

  const results: ImportResult[] = [];
  const seen = new Set<string>();
  for (const { path, result } of parsed) {
    if (!result.ok) {
      results.push({ file: path, slug: null, action: 'skip', reason: result.reason, notes: [] });
      continue;
    }
    const { slug } = result.post;
    if (seen.has(slug)) {
      results.push({
        file: path,
        slug,
        action: 'skip',
        reason: `another file has the slug ${slug}`,
        notes: [],
      });
      continue;
    }
    seen.add(slug);
    const outcome = await bring(path, result.post);
    if ('skip' in outcome) {
      results.push({ file: path, slug, action: 'skip', reason: outcome.skip, notes: [] });
      continue;
    }
    const { post, notes } = outcome;
    const settle = { oldPaths: result.post.oldPaths, updatedAt: result.post.updatedAt };
    const current = existing.get(slug);
    if (current) {
      const changed = differences(current, post);
      if (changed.length === 0) {
        if (!dryRun) await blog.settleImport(current.id, { oldPaths: settle.oldPaths });
        results.push({ file: path, slug, action: 'skip', reason: 'unchanged', notes });
        continue;
      }
      if (!dryRun) {
        const { slug: _slug, publishAt, ...fields } = post;
        await blog.updatePost(current.id, {
          ...fields,
          // No cover in the file: the post keeps its own.
          coverImage: fields.coverImage || undefined,
          ...(changed.includes('date') && publishAt ? { publishAt } : {}),
        });
        await blog.settleImport(current.id, { oldPaths: settle.oldPaths });
      }
      results.push({ file: path, slug, action: 'update', reason: `changes ${changed.join(', ')}`, notes });
    } else {
      if (!dryRun) {
        if (authorId === null) throw new Error('importing needs an admin account to write the posts');
        const created = await blog.createPost(post, authorId);
        await blog.settleImport(created.id, settle);
      }
      if (settle.oldPaths.length > 0) {
        notes.push(
          `its old address${settle.oldPaths.length > 1 ? 'es' : ''} ${settle.oldPaths.join(', ')} lead${settle.oldPaths.length > 1 ? '' : 's'} here`,
        );
      }
      results.push({
        file: path,
        slug,
        action: 'create',
        reason: post.isPublished ? 'new post' : 'new draft',
        notes,
      });
    }
  }
  return results;
}
