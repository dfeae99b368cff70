/**
 * A fediverse reply's HTML as a comment's plain text (issue 47): paragraphs and line breaks kept
 * as new lines, every tag dropped, entities decoded, the mentions it opens with (of the blog, as
 * Mastodon starts a reply) taken off, and at most a comment's length. The page shows it as text,
 * so nothing in it is ever markup.
 */
import { COMMENT_MAX_LENGTH } from '../../../common/schemas/comments.ts';

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });

export function replyText(html: string): string {
  const text = decode(
    html
      .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/p>\s*<p\b[^>]*>/gi, '\n\n')
      .replace(/<[^>]*>/g, ''),
  )
    .replace(/[^\S\n]+/g, ' ')
    .replace(/^(?:@[\w.-]+(?:@[\w.:-]+)? ?)+/, '')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return text.length > COMMENT_MAX_LENGTH ? `${text.slice(0, COMMENT_MAX_LENGTH - 1).trimEnd()}…` : text;
}
