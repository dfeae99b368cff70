/**
 * What Webmention reads in another site's page (W3C Recommendation, 2017): the endpoint a target
 * names (3.1.2 Sender discovers receiver Webmention endpoint), whether a source links to a target
 * (3.2.2 Webmention verification), and the source's title and author to show. HTML is parsed as
 * a browser parses it (hast-util-from-html, parse5), so a comment or a script's text is never an
 * element.
 */
import type { Element, Nodes, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { webAddress } from '../../../common/web-address.ts';

const parse = (html: string): Root => fromHtml(html);

/** Every element in document order. */
function* elements(node: Nodes): Generator<Element> {
  if (node.type === 'element') yield node;
  if ('children' in node) for (const child of node.children) yield* elements(child);
}

/** An element's rel values, lower case (hast gives a space-separated attribute as a list). */
const rels = (element: Element) => {
  const rel = element.properties.rel;
  return Array.isArray(rel) ? rel.map((value) => String(value).toLowerCase()) : [];
};

const resolve = (href: string, base: URL): URL | null => webAddress(href, base);

/** The first `rel="webmention"` of a Link header (one or several), resolved against `base`. */
export function endpointInLinkHeader(header: string | string[] | undefined, base: URL): URL | null {
  const text = Array.isArray(header) ? header.join(', ') : (header ?? '');
  for (const match of text.matchAll(/<([^>]*)>((?:\s*;\s*[^;,]*)*)/g)) {
    const params = match[2] ?? '';
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,"]+))/i.exec(params);
    const values = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
    if (values.includes('webmention')) return resolve(match[1] ?? '', base);
  }
  return null;
}

/**
 * A target's Webmention endpoint: the Link header's first, else the first `<link>` or `<a>` with
 * `rel="webmention"` and an `href` in document order (an empty one is the page itself), resolved
 * against the page's address after redirects; its query kept. Null when it names none.
 */
export function endpointOf(page: { url: URL; linkHeader?: string | string[]; html: string }): URL | null {
  const fromHeader = endpointInLinkHeader(page.linkHeader, page.url);
  if (fromHeader) return fromHeader;
  for (const element of elements(parse(page.html))) {
    if (element.tagName !== 'link' && element.tagName !== 'a') continue;
    const href = element.properties.href;
    if (typeof href !== 'string' || !rels(element).includes('webmention')) continue;
    return resolve(href, page.url);
  }
  return null;
}

/** The addresses a page links to or embeds (`href` and `src`), resolved against `base`. */
export function linksIn(html: string, base: URL): URL[] {
  const found: URL[] = [];
  for (const element of elements(parse(html))) {
    for (const value of [element.properties.href, element.properties.src]) {
      if (typeof value !== 'string') continue;
      const url = resolve(value, base);
      if (url) found.push(url);
    }
  }
  return found;
}

/** An address as compared: without its fragment (a link to a post's comments is a link to it). */
const comparable = (url: URL) => {
  const copy = new URL(url);
  copy.hash = '';
  return copy.href;
};

/** Whether a source page, as its type says, links to `target` (3.2.2). */
export function linksTo(page: { url: URL; type: string; text: string }, target: URL): boolean {
  const wanted = comparable(target);
  if (/^text\/html|^application\/xhtml\+xml/i.test(page.type)) {
    return linksIn(page.text, page.url).some((url) => comparable(url) === wanted);
  }
  // Plain text, JSON and the rest: the address written out in it.
  return page.text.includes(target.href);
}

const textOf = (node: Nodes): string =>
  node.type === 'text' ? node.value : 'children' in node ? node.children.map(textOf).join('') : '';

const clean = (text: string, max: number) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
};

const classes = (element: Element) => {
  const value = element.properties.className;
  return Array.isArray(value) ? value.map(String) : [];
};

/**
 * What a mention shows of its source: the h-entry's name (microformats2) or the page's title, and
 * its author (the h-entry's p-author, or `<meta name="author">`), as plain text.
 */
export function describe(html: string): { title: string; author: string } {
  const tree = parse(html);
  let title = '';
  let entryName = '';
  let author = '';
  let metaAuthor = '';
  for (const element of elements(tree)) {
    const names = classes(element);
    if (!title && element.tagName === 'title') title = textOf(element);
    if (!entryName && names.includes('p-name')) entryName = textOf(element);
    if (!author && names.includes('p-author')) author = textOf(element);
    if (!metaAuthor && element.tagName === 'meta' && element.properties.name === 'author')
      metaAuthor = String(element.properties.content ?? '');
  }
  return { title: clean(entryName || title, 200), author: clean(author || metaAuthor, 100) };
}
