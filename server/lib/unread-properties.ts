/**
 * An island page's critical CSS without the custom properties nothing on the page reads (ADR 029).
 * The rules every page gets declare them all: the theme's colours, sizes and faces (`:root`), and
 * Tailwind's `--tw-*` starting values for browsers without `@property`. A post's page reads about a
 * third of them; the rest were 0.9 KB of its Brotli, which put its document past the first round
 * trip of a phone's connection. The stylesheet that comes after the paint declares them all again,
 * and no island goes live before it has come, so what its code draws still finds them.
 *
 * Which are read is found over the whole page (its `<style>` and its `style` attributes); which
 * are left out is Lightning CSS's `unusedSymbols` (its declarations and its `@property` rules).
 */
import { transform } from 'lightningcss';

const STYLE_ELEMENT = /(<style\b[^>]*>)([\s\S]*?)(<\/style>)/g;
/** A custom property read: `var(--name` (a fallback's `var()` is one too). */
const READ = /var\(\s*(--[\w-]+)/g;
/** A custom property declared: `--name:` (at-rule preludes such as `@property --name {` have no colon). */
const DECLARED = /(--[\w-]+)\s*:/g;

/** The pruned CSS of pages already seen, by their CSS and what they left out (pages repeat). */
const MEMO_SIZE = 100;
const memo = new Map<string, string>();

function pruned(css: string, unread: string[]): string {
  const key = `${unread.join(',')}\n${css}`;
  const seen = memo.get(key);
  if (seen !== undefined) return seen;
  let result = css;
  try {
    result = transform({
      filename: 'critical.css',
      code: Buffer.from(css),
      minify: true,
      unusedSymbols: unread,
    }).code.toString();
  } catch (error) {
    // CSS it cannot read is sent as it was: a page a little larger, never a page refused.
    console.error('Critical CSS kept whole:', error);
  }
  if (memo.size >= MEMO_SIZE) memo.clear();
  memo.set(key, result);
  return result;
}

/** The page with each `<style>` element's unread custom properties left out. */
export function withoutUnreadProperties(html: string): string {
  const read = new Set(Array.from(html.matchAll(READ), (match) => match[1]));
  return html.replace(STYLE_ELEMENT, (whole, open: string, css: string, close: string) => {
    const declared = new Set(Array.from(css.matchAll(DECLARED), (match) => match[1] ?? ''));
    const unread = [...declared].filter((name) => !read.has(name));
    return unread.length === 0 ? whole : `${open}${pruned(css, unread)}${close}`;
  });
}
