/**
 * Reading a Markdown post as the big static-site generators write it: front matter (title,
 * date, summary, tags, cover, draft, ...), the slug from the file name or front matter, and the
 * images it refers to (relative, rooted or remote), ready for the import to store.
 */
import { posix } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { IMAGE_FILE, MARKDOWN_FILE } from '../../../common/markdown-import.ts';
import { type BlogPostFormValues, blogPostFormSchema } from '../../../common/schemas/blog.ts';
import type { ImportFile } from './markdown-files.ts';

const FRONT_MATTER = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** An image a post names: as written, and the file it means. */
interface ImageReference {
  reference: string;
  /** Beside the post: the path resolved against its folder. From the site's root: without the '/'. */
  path: string;
  /** Written from the site's root (`/images/a.png`, as Hugo's `static/` and Jekyll's assets are). */
  rooted: boolean;
}

interface ParsedPost {
  values: BlogPostFormValues;
  images: ImageReference[];
}

export const first = (front: Record<string, unknown>, ...keys: string[]): unknown => {
  for (const key of keys) {
    const value = key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], front);
    if (value !== undefined && value !== null && value !== '') return value;
  }
  return undefined;
};

const asText = (value: unknown): string | undefined =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : undefined;

function asDate(value: unknown): Date | undefined {
  const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value.trim()) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
}

/** Jekyll names posts `2024-03-01-my-post.md`; the date and the name both count. */
function fromFileName(path: string): { slug: string; date?: Date } {
  const base = posix.basename(path).replace(MARKDOWN_FILE, '');
  const name = base === 'index' ? posix.basename(posix.dirname(path)) : base;
  const dated = /^(\d{4}-\d{2}-\d{2})-(.+)$/.exec(name);
  return dated ? { slug: dated[2] ?? name, date: asDate(`${dated[1]}T00:00:00Z`) } : { slug: name };
}

const slugify = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);

/** Is this image reference a file beside the post (not a URL, not a path of this site)? */
const isRelative = (reference: string) => !/^([a-z][a-z0-9+.-]*:|\/|#)/i.test(reference);

/** Is it a path from the root of the site it was written for (not `//host/...`)? */
const isRooted = (reference: string) => /^\/(?!\/)/.test(reference);

export function parsePost(
  file: ImportFile,
): { ok: true; post: ParsedPost } | { ok: false; slug: string | null; reason: string } {
  const text = file.bytes.toString('utf8');
  const match = FRONT_MATTER.exec(text);
  if (!match) return { ok: false, slug: null, reason: 'no front matter (--- at the top)' };
  let front: Record<string, unknown>;
  try {
    const value = parseYaml(match[1] ?? '') as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('not a map');
    front = value as Record<string, unknown>;
  } catch (error) {
    return {
      ok: false,
      slug: null,
      reason: `its front matter is not readable YAML (${(error as Error).message.split('\n')[0]})`,
    };
  }
  const body = text
    .slice(match[0].length)
    .replace(/^\s*\n/, '')
    .trimEnd();
  const named = fromFileName(file.path);
  const permalink = asText(first(front, 'permalink'));
  const slug = slugify(
    asText(first(front, 'slug')) ?? (permalink ? posix.basename(permalink.replace(/\/+$/, '')) : named.slug),
  );
  const firstParagraph = body
    .split(/\n\s*\n/)
    .map((block) => block.replace(/\s+/g, ' ').trim())
    .find((block) => block && !/^(#|!\[|```|<|\||>|-\s|\*\s|\d+\.\s)/.test(block));
  const summary =
    asText(first(front, 'summary', 'description', 'excerpt', 'subtitle')) ??
    (firstParagraph ? firstParagraph.replace(/[*_`[\]]/g, '').slice(0, 300) : undefined);
  const rawTags = first(front, 'tags', 'categories', 'category');
  const tags = Array.isArray(rawTags)
    ? rawTags.map(asText).filter((tag): tag is string => !!tag)
    : typeof rawTags === 'string'
      ? rawTags.split(rawTags.includes(',') ? ',' : /\s+/)
      : [];
  const date =
    asDate(first(front, 'date', 'pubDate', 'publishDate', 'published_at', 'publishedAt')) ?? named.date;
  const draft = first(front, 'draft') === true || first(front, 'published') === false;
  const cover = asText(
    first(
      front,
      'cover',
      'cover.image',
      'image',
      'heroImage',
      'coverImage',
      'cover_image',
      'thumbnail',
      'feature_image',
    ),
  );

  const folder = posix.dirname(file.path);
  const images: ImageReference[] = [];
  const note = (reference: string) => {
    let clean: string;
    try {
      clean = decodeURI(reference.split(/[?#]/)[0] ?? '');
    } catch {
      return; // Not a readable address: left as written.
    }
    if (!IMAGE_FILE.test(clean)) return;
    if (isRooted(reference)) {
      images.push({ reference, path: posix.normalize(clean).replace(/^\/+/, ''), rooted: true });
    } else if (isRelative(reference)) {
      const path = posix.normalize(posix.join(folder, clean));
      if (!path.startsWith('../')) images.push({ reference, path, rooted: false });
    }
  };
  if (cover) note(cover);
  for (const [, reference] of body.matchAll(/!\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    if (reference) note(reference);
  }

  const parsed = blogPostFormSchema.safeParse({
    title: asText(first(front, 'title')) ?? '',
    slug,
    summary: summary ?? '',
    content: body,
    // A cover among the files is checked once it has its address on this site.
    coverImage: cover && !isRelative(cover) && !isRooted(cover) ? cover : '',
    tags,
    isPublished: !draft,
    metaDescription: asText(first(front, 'description', 'meta_description')) ?? '',
    canonicalUrl: asText(first(front, 'canonical', 'canonicalURL', 'canonical_url', 'canonicalUrl')) ?? '',
    publishAt: date && !draft ? date.toISOString() : null,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, slug: slug || null, reason: issue?.message ?? 'it is not a valid post' };
  }
  return { ok: true, post: { values: { ...parsed.data, coverImage: cover ?? '' }, images } };
}

// --- Import: images --------------------------------------------------------------------
