// Descriptions and excerpts: what every page's meta description is cut from. Apart from text.ts
// (slugs, names, tags, reading time) so a page loads only these two.

/**
 * Plain text of a markdown document: code, images, link targets, HTML tags and
 * markdown punctuation removed, whitespace folded. Used for meta descriptions
 * and excerpts, never for rendering.
 */
export function markdownToPlainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]*>/g, ' ')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/[*_~]{1,3}([^*_~]+)[*_~]{1,3}/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first `length` characters of a text, cut at a word boundary when one is near, with an ellipsis. */
export function truncateText(text: string, length: number): string {
  if (text.length <= length) return text;
  const cut = text.slice(0, length - 1);
  const lastSpace = cut.lastIndexOf(' ');
  const base = lastSpace > length * 0.6 ? cut.slice(0, lastSpace) : cut;
  return `${base.replace(/[\s.,;:!?-]+$/, '')}…`;
}
