import { WORDS_PER_MINUTE } from './constants.ts';

/**
 * Slug from a title, as the spec's post editor does it: lowercase, drop every
 * character that is not a word character, space or hyphen, whitespace runs to
 * hyphens. Underscores (word characters) become hyphens too so the result always
 * passes the slug rule (lowercase letters, digits, hyphens).
 */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Words in a text: runs of non-space characters. */
export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/).length;
}

/** Reading time in whole minutes: words / 200, rounded up, never below 1. */
export function readingTimeMinutes(text: string): number {
  return Math.max(1, Math.ceil(countWords(text) / WORDS_PER_MINUTE));
}

/**
 * Public form of a person's name: the first name plus the first letter of the
 * second name ("Jane Doe" -> "Jane D."). A single name is kept as it is.
 */
export function shortenName(fullName: string): string {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  const [first, second] = parts;
  if (!first) return '';
  if (!second) return first;
  return `${first} ${second.charAt(0).toUpperCase()}.`;
}

/**
 * What makes two tags the same: case, spaces, dots, hyphens and underscores do not count, so
 * 'Next.js', 'next js' and 'next-js' are one tag (server/modules/blog/tags.ts keeps the first
 * spelling). A tag of nothing but those keeps its lower-case self.
 */
export const tagKey = (tag: string): string => {
  const lower = tag.normalize('NFKC').trim().toLowerCase();
  return lower.replace(/[\s._-]+/g, '') || lower;
};

/**
 * Tags arrive as a list or as a comma-separated string; both become a trimmed list without
 * empties, each tag once (by `tagKey`, the first spelling kept).
 */
export function normalizeTags(tags: string | readonly string[] | null | undefined): string[] {
  if (tags == null) return [];
  const list = typeof tags === 'string' ? tags.split(',') : tags;
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of list) {
    const tag = raw.trim().replace(/\s+/g, ' ');
    if (tag && !seen.has(tagKey(tag))) {
      seen.add(tagKey(tag));
      result.push(tag);
    }
  }
  return result;
}
