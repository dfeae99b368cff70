/**
 * Reading a Markdown or MDX post as the big static-site generators write it (Next.js, Astro, Hugo,
 * Jekyll): the front matter under its usual names, the slug from the front matter or the file's
 * name, the addresses the post had on its old site, and its body (import-body.ts) with the images
 * it names, ready for the import to bring the images and store the post.
 */
import { posix } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { MARKDOWN_FILE } from '../../../common/markdown-import.ts';
import { type ReadBody, readBody } from './import-body.ts';
import type { ImportFile } from './markdown-files.ts';

const FRONT_MATTER = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** A post as its file says, before its images have their addresses here. */
export interface ParsedPost {
  title: string;
  slug: string;
  /** From the front matter, or the body's first paragraph; undefined when there is neither. */
  summary: string | undefined;
  tags: string[];
  date: Date | undefined;
  /** When the old site says the post last changed (`lastmod`, `updated`, ...). */
  updatedAt: Date | undefined;
  draft: boolean;
  /** The cover as the front matter names it ('' for none). */
  cover: string;
  metaDescription: string;
  canonicalUrl: string;
  body: ReadBody;
  /** The post's paths on its old site (without a trailing slash), to answer with a 301 here. */
  oldPaths: string[];
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

/** A list as front matter writes one: a YAML list, or words split by commas (or spaces). */
function asList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(asText).filter((item): item is string => !!item);
  if (typeof value !== 'string') return [];
  return value
    .split(value.includes(',') ? ',' : /\s+/)
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Jekyll names posts `2024-03-01-my-post.md`; the date and the name both count. */
function fromFileName(path: string): { slug: string; date?: Date } {
  const base = posix.basename(path).replace(MARKDOWN_FILE, '');
  const name = base === 'index' ? posix.basename(posix.dirname(path)) : base;
  const dated = /^(\d{4}-\d{2}-\d{2})-(.+)$/.exec(name);
  return dated ? { slug: dated[2] ?? name, date: asDate(`${dated[1]}T00:00:00Z`) } : { slug: name };
}

export const slugify = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);

/**
 * The cover under the names the generators' themes use: `cover` (or its `image`), `image` (or its
 * `src`/`url`), `images` (Next.js starters: the first), `heroImage`, `coverImage`, `featuredImage`...
 */
function coverOf(front: Record<string, unknown>): string {
  const value = first(
    front,
    'cover.image',
    'cover.src',
    'cover',
    'image.src',
    'image.url',
    'image',
    'images',
    'heroImage',
    'hero_image',
    'hero',
    'coverImage',
    'cover_image',
    'featuredImage',
    'featured_image',
    'feature_image',
    'thumbnail',
    'banner',
  );
  if (Array.isArray(value)) return asText(value.find((item) => asText(item))) ?? '';
  return asText(value) ?? '';
}

/** A path as this site looks it up: decoded, without its query, fragment or trailing slash. */
export function oldPath(path: string): string | undefined {
  let clean: string;
  try {
    clean = decodeURI(path.split(/[?#]/)[0] ?? '');
  } catch {
    return undefined;
  }
  if (!clean.startsWith('/') || clean.startsWith('//') || /[:*]/.test(clean)) return undefined;
  clean = posix.normalize(clean).replace(/\/+$/, '');
  return clean && clean.length <= 500 ? clean : undefined;
}

const CONTENT_ROOTS = /^(?:.*\/)?(?:src\/content|src\/pages|content|data|_posts|_drafts)\//;

/**
 * Where the post was on its old site: its permalink, Hugo's aliases and Jekyll's redirect_from,
 * else what the generator makes of its file (Jekyll: /2024/03/01/name.html; Hugo and Astro: the
 * path under the content folder; Next.js starters: /blog/name).
 */
function oldPathsOf(front: Record<string, unknown>, path: string, slug: string): string[] {
  const written = [
    asText(first(front, 'permalink', 'url')),
    ...asList(first(front, 'aliases')),
    ...asList(first(front, 'redirect_from')),
  ].filter((item): item is string => !!item);
  const derived: string[] = [];
  const named = fromFileName(path);
  const jekyll = /(?:^|\/)_posts\/(\d{4})-(\d{2})-(\d{2})-(.+)\.[a-z]+$/i.exec(path);
  if (jekyll) derived.push(`/${jekyll[1]}/${jekyll[2]}/${jekyll[3]}/${jekyll[4]}.html`);
  else {
    const underRoot = path
      .replace(CONTENT_ROOTS, '')
      .replace(MARKDOWN_FILE, '')
      .replace(/\/index$/, '');
    derived.push(`/${underRoot}`);
    if (!underRoot.includes('/')) derived.push(`/blog/${underRoot}`);
  }
  derived.push(`/blog/${named.slug}`);
  const here = `/blog/${slug}`;
  return [...new Set([...written, ...derived].map(oldPath))].filter(
    (item): item is string => item !== undefined && item !== here && item !== '',
  );
}

export function parsePost(
  file: ImportFile,
): { ok: true; post: ParsedPost } | { ok: false; slug: null; reason: string } {
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
    .find((block) => block && !/^(#|!\[|```|<|\||>|-\s|\*\s|\d+\.\s|import\s|export\s|\{)/.test(block));
  const summary =
    asText(first(front, 'summary', 'description', 'excerpt', 'subtitle', 'abstract')) ??
    (firstParagraph ? firstParagraph.replace(/[*_`[\]]/g, '').slice(0, 300) : undefined);
  return {
    ok: true,
    post: {
      title: asText(first(front, 'title')) ?? '',
      slug,
      summary,
      tags: asList(first(front, 'tags', 'categories', 'category', 'keywords')),
      date:
        asDate(first(front, 'date', 'pubDate', 'publishDate', 'published_at', 'publishedAt')) ?? named.date,
      updatedAt: asDate(
        first(
          front,
          'lastmod',
          'updated',
          'updatedAt',
          'updated_at',
          'updatedDate',
          'last_modified_at',
          'modified',
        ),
      ),
      draft: first(front, 'draft') === true || first(front, 'published') === false,
      cover: coverOf(front),
      metaDescription: asText(first(front, 'description', 'meta_description')) ?? '',
      canonicalUrl: asText(first(front, 'canonical', 'canonicalURL', 'canonical_url', 'canonicalUrl')) ?? '',
      body: readBody(body, /\.mdx$/i.test(file.path)),
      oldPaths: oldPathsOf(front, file.path, slug),
    },
  };
}
