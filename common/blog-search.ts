/**
 * The blog list for the static copy (which has no database), computed in the browser from the
 * exported index of every published post: a page, the search (every word must occur; title
 * before tags and summary before body; the last word as a prefix) and the tag filter, in the
 * shape GET /api/blog-list answers.
 */
import {
  BLOG_PAGE_SIZE,
  type BlogIndexEntry,
  type BlogListParams,
  SNIPPET_MARK_END,
  SNIPPET_MARK_START,
} from './blog-list.ts';
// Types only from the schemas: this runs in the static copy's browser, which must not load zod.
import type { BlogListPage, BlogPostHit } from './schemas/blog.ts';

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** A passage of `text` around the first matched word, the words marked. */
function snippetOf(text: string, words: string[]): string | undefined {
  const lower = text.toLowerCase();
  const at = Math.min(...words.map((word) => lower.indexOf(word)).filter((index) => index >= 0));
  if (!Number.isFinite(at)) return undefined;
  const start = Math.max(0, text.lastIndexOf(' ', Math.max(0, at - 60)) + 1);
  const end = Math.min(text.length, at + 140);
  let passage = text.slice(start, end);
  for (const word of words) {
    passage = passage.replace(
      new RegExp(`(${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\\p{L}\\p{N}]*)`, 'giu'),
      `${SNIPPET_MARK_START}$1${SNIPPET_MARK_END}`,
    );
  }
  return `${start > 0 ? '… ' : ''}${passage.trim()}${end < text.length ? ' …' : ''}`;
}

export function pageOfIndex(
  index: readonly BlogIndexEntry[],
  { page = 1, q = '', tag = '', limit = BLOG_PAGE_SIZE }: BlogListParams & { limit?: number },
): BlogListPage {
  const words = wordsOf(q);
  const hits: { post: BlogPostHit; score: number }[] = [];
  for (const { text, ...post } of index) {
    if (tag && !post.tags.includes(tag)) continue;
    if (words.length === 0) {
      hits.push({ post, score: 0 });
      continue;
    }
    const title = post.title.toLowerCase();
    const middle = `${post.tags.join(' ')} ${post.summary}`.toLowerCase();
    const body = text.toLowerCase();
    let score = 0;
    let all = true;
    for (const word of words) {
      const found = title.includes(word) ? 4 : middle.includes(word) ? 2 : body.includes(word) ? 1 : 0;
      if (found === 0) all = false;
      score += found;
    }
    if (!all) continue;
    const snippet = snippetOf(`${post.summary} ${text}`, words);
    hits.push({ post: snippet ? { ...post, snippet } : post, score });
  }
  // The index is newest first; a stable sort keeps that order among equal scores.
  hits.sort((a, b) => b.score - a.score);
  const counts = new Map<string, number>();
  for (const post of index) for (const name of post.tags) counts.set(name, (counts.get(name) ?? 0) + 1);
  return {
    posts: hits.slice((page - 1) * limit, page * limit).map((hit) => hit.post),
    page,
    pageSize: limit,
    total: hits.length,
    pageCount: Math.max(1, Math.ceil(hits.length / limit)),
    q,
    tag,
    tags: [...counts]
      .map(([name, count]) => ({ name, count }))
      .sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
  };
}
