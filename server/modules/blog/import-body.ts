/**
 * An imported post's body made into this site's Markdown, as far as it can be read without
 * running it (issue 34). Everything the writer wrote stays as written except what is changed, and
 * each change is named for the import's report:
 * - MDX: `import`/`export` lines and `{expressions}` are dropped; components are written by their
 *   meaning (import-components.ts).
 * - Images anywhere (Markdown, reference-style, HTML blocks, `<img>`, image components) are listed
 *   for the import to bring here, then written with their address on this site; one that could
 *   not be brought becomes a link to where it was, never a broken image.
 * The body is read once into a tree (remark, with GFM, math and, for .mdx, MDX) and written back by
 * splicing only the changed places into the original text, so the rest keeps its exact form.
 */
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { escapeXml } from '../../lib/markup.ts';
import {
  destination,
  IMAGE_COMPONENT,
  markdownLink,
  type Node,
  type Writing,
  writeComponent,
} from './import-components.ts';
import { templateTags } from './template-tags.ts';

/** Where an image that was somewhere else now is on this site; null when it could not be brought. */
export type AddressOf = (url: string) => string | null;

export interface ReadBody {
  /** Every image address the body names, in order, each once. */
  imageUrls: string[];
  /** What reading it changed, for the report (an MDX file that had to be read as Markdown). */
  notes: string[];
  /**
   * The body as this site's Markdown, with each image at the address `addressOf` gives it, and
   * what writing it changed or dropped, for the report.
   */
  write(addressOf: AddressOf): { markdown: string; notes: string[] };
}

const markdownParser = unified().use(remarkParse).use(remarkGfm).use(remarkMath);
const mdxParser = unified().use(remarkParse).use(remarkMdx).use(remarkGfm).use(remarkMath);

/** `![alt](url "title")`, with what Markdown needs escaped. */
const markdownImage = (alt: string, url: string, title?: string | null) =>
  `![${alt.replace(/[[\]\\]/g, '\\$&')}](${destination(url)}${title ? ` "${title.replaceAll('"', '\\"')}"` : ''})`;

/** `src="..."` and the like in a piece of HTML. */
const HTML_IMG = /<img\b[^>]*?\bsrc\s*=\s*(["'])(.*?)\1[^>]*>/gi;
const MD_IMAGE_IN_HTML = /!\[([^\]]*)\]\(\s*<?([^)\s>]+)>?(?:\s+"([^"]*)")?\s*\)/g;
const YOUTUBE_FRAME =
  /^\s*<iframe\b[^>]*\bsrc\s*=\s*(["'])https?:\/\/(?:www\.)?(?:youtube(?:-nocookie)?\.com\/embed\/|player\.vimeo\.com\/video\/)([\w-]+)[^"']*\1[^>]*>\s*<\/iframe>\s*$/i;

export function readBody(body: string, mdx: boolean): ReadBody {
  const notes: string[] = [];
  const { text, tree, isMdx } = parse(body, mdx, notes);
  const named = namedImages(tree);
  // A Markdown body with nothing to change is kept exactly as it was.
  const unchanged = () => ({ markdown: text.trimEnd(), notes: [] });
  return {
    imageUrls: named.imageUrls,
    notes,
    write:
      isMdx || named.imageUrls.length > 0 || notes.length > 0 || hasHtml(tree)
        ? (addressOf) => write(text, tree, named, addressOf)
        : unchanged,
  };
}

/**
 * The body as a tree: Hugo's and Jekyll's template tags outside code made Markdown first, and MDX
 * that cannot be read taken as Markdown without its import/export lines (both noted).
 */
function parse(body: string, mdx: boolean, notes: string[]): { text: string; tree: Node; isMdx: boolean } {
  let text = body;
  if (!mdx && /\{[{%]/.test(text)) {
    // Not inside fenced code: a post about Hugo shows shortcodes as they are written.
    text = text
      .split(/(^(?:```|~~~)[^\n]*\n[\s\S]*?^(?:```|~~~)[ \t]*$)/m)
      .map((part, index) => (index % 2 === 1 ? part : templateTags(part, notes)))
      .join('');
  }
  try {
    return { text, tree: (mdx ? mdxParser : markdownParser).parse(text) as unknown as Node, isMdx: mdx };
  } catch (error) {
    const place = (error as { line?: number }).line;
    notes.push(
      `its MDX could not be read${place ? ` (line ${place})` : ''}: imported as Markdown, import/export lines dropped`,
    );
    text = text.replace(/^(import|export)\s[^\n]*\n?/gm, '');
    return { text, tree: markdownParser.parse(text) as unknown as Node, isMdx: false };
  }
}

function walk(node: Node, fn: (node: Node) => void) {
  fn(node);
  for (const child of node.children ?? []) walk(child, fn);
}

interface NamedImages {
  /** Every image address the body names, in order, each once. */
  imageUrls: string[];
  /** The reference definitions an image uses (`![alt][hero]`): the others are links. */
  referencedDefinitions: Set<string>;
  attribute: Writing['attribute'];
}

/** The images the tree names: Markdown, reference-style, in HTML, and in image components. */
function namedImages(tree: Node): NamedImages {
  // Images that MDX imports (`import hero from './hero.png'`) and then names as `{hero}`.
  const importedImages = new Map<string, string>();
  const referencedDefinitions = new Set<string>();
  walk(tree, (node) => {
    if (node.type === 'mdxjsEsm') {
      for (const [, name, path] of (node.value ?? '').matchAll(
        /import\s+(\w+)\s+from\s+['"]([^'"]+\.(?:png|jpe?g|webp|gif|avif))['"]/gi,
      )) {
        if (name && path) importedImages.set(name, path);
      }
    }
    if (node.type === 'imageReference' && node.identifier) referencedDefinitions.add(node.identifier);
  });

  const attribute = (node: Node, ...names: string[]): string | undefined => {
    for (const name of names) {
      const found = node.attributes?.find((attr) => attr.type === 'mdxJsxAttribute' && attr.name === name);
      const value = found?.value;
      if (typeof value === 'string') return value;
      if (value && typeof value === 'object') {
        const expression = value.value.trim();
        const literal = /^(['"`])(.*)\1$/s.exec(expression);
        if (literal) return literal[2];
        if (/^-?\d+(\.\d+)?$/.test(expression)) return expression;
        const imported =
          importedImages.get(expression) ?? importedImages.get(expression.replace(/\.src$/, ''));
        if (imported) return imported;
      }
    }
    return undefined;
  };

  const imageUrls: string[] = [];
  const noteImage = (url: string | undefined) => {
    if (url && !imageUrls.includes(url)) imageUrls.push(url);
  };
  walk(tree, (node) => {
    if (node.type === 'image') noteImage(node.url);
    if (node.type === 'definition' && node.identifier && referencedDefinitions.has(node.identifier)) {
      noteImage(node.url);
    }
    if (node.type === 'html') {
      for (const [, , src] of (node.value ?? '').matchAll(HTML_IMG)) noteImage(src);
      for (const [, , src] of (node.value ?? '').matchAll(MD_IMAGE_IN_HTML)) noteImage(src);
    }
    if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name) {
      if (IMAGE_COMPONENT.test(node.name) || node.name === 'img')
        noteImage(attribute(node, 'src', 'image', 'url'));
    }
  });
  return { imageUrls, referencedDefinitions, attribute };
}

/**
 * The body written back: the original text with only the changed places spliced in, so the rest
 * keeps its exact form; and what was changed or dropped, counted once per kind.
 */
function write(
  body: string,
  tree: Node,
  { referencedDefinitions, attribute }: NamedImages,
  addressOf: AddressOf,
): { markdown: string; notes: string[] } {
  const counts = new Map<string, number>();
  const count = (note: string) => counts.set(note, (counts.get(note) ?? 0) + 1);
  const start = (node: Node) => node.position?.start.offset ?? 0;
  const end = (node: Node) => node.position?.end.offset ?? 0;

  /** The source from `from` to `to`, with the changes inside `nodes` (its children there) made. */
  const region = (from: number, to: number, nodes: Node[]): string => {
    let out = '';
    let at = from;
    for (const child of nodes) {
      const s = start(child);
      const e = end(child);
      if (s < at || e > to) continue;
      out += body.slice(at, s) + (change(child) ?? region(s, e, child.children ?? []));
      at = e;
    }
    return out + body.slice(at, to);
  };
  const inside = (node: Node) => {
    const children = node.children ?? [];
    if (children.length === 0) return '';
    return region(start(children[0] as Node), end(children[children.length - 1] as Node), children);
  };
  const image = (url: string | undefined, alt: string, title?: string | null): string | null => {
    if (!url) return null;
    const address = addressOf(url);
    if (address === null) return markdownLink(alt || 'An image', url);
    return markdownImage(alt, address, title);
  };
  const writing: Writing = { inside, attribute, image, count };

  const change = (node: Node): string | null => {
    switch (node.type) {
      case 'mdxjsEsm':
        count('import/export lines dropped');
        return '';
      case 'mdxFlowExpression':
      case 'mdxTextExpression':
        if (/^\s*\/\*[\s\S]*\*\/\s*$/.test(node.value ?? '')) return '';
        count('{expressions} dropped');
        return '';
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement':
        return writeComponent(node, writing);
      case 'image': {
        if (!node.url || addressOf(node.url) === node.url) return null;
        return image(node.url, node.alt ?? '', node.title);
      }
      case 'definition': {
        if (!node.url || !node.identifier || !referencedDefinitions.has(node.identifier)) return null;
        const address = addressOf(node.url);
        if (address === node.url) return null;
        return `[${node.label ?? node.identifier}]: ${destination(address ?? node.url)}`;
      }
      case 'html':
        return htmlWithImages(node.value ?? '', addressOf, count);
      default:
        return null;
    }
  };

  const markdown = region(0, body.length, tree.children ?? [])
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\s*\n/, '')
    .trimEnd();
  return {
    markdown,
    notes: [...counts].map(([note, times]) => (times > 1 ? `${note} (${times} times)` : note)),
  };
}

/** HTML with its images at their new addresses and Markdown images made `<img>` tags; null if unchanged. */
function htmlWithImages(value: string, addressOf: AddressOf, count: (note: string) => void): string | null {
  const frame = YOUTUBE_FRAME.exec(value);
  if (frame) {
    count('an embedded video frame became a link to the video');
    const vimeo = /player\.vimeo\.com/i.test(value);
    const url = vimeo ? `https://vimeo.com/${frame[2]}` : `https://www.youtube.com/watch?v=${frame[2]}`;
    return markdownLink(vimeo ? 'A video on Vimeo' : 'A video on YouTube', url);
  }
  let changed = false;
  let out = value.replace(HTML_IMG, (tag: string, quote: string, src: string) => {
    const address = addressOf(src);
    if (address === src) return tag;
    changed = true;
    if (address === null) {
      const alt = /\balt\s*=\s*(["'])(.*?)\1/i.exec(tag)?.[2] ?? 'An image';
      return `<a href="${escapeXml(src)}">${escapeXml(alt)}</a>`;
    }
    return tag.replace(`${quote}${src}${quote}`, `${quote}${escapeXml(address)}${quote}`);
  });
  const before = out;
  out = out.replace(MD_IMAGE_IN_HTML, (_match, alt: string, src: string, title?: string) => {
    const address = addressOf(src);
    if (address === null) return `<a href="${escapeXml(src)}">${escapeXml(alt || 'An image')}</a>`;
    return `<img src="${escapeXml(address)}" alt="${escapeXml(alt)}"${title ? ` title="${escapeXml(title)}"` : ''}>`;
  });
  if (out !== before) count('Markdown images inside HTML were written as <img> so they show as images');
  if (/<iframe\b/i.test(out)) count('an embedded frame was dropped (frames do not show on this site)');
  return changed || out !== before ? out : null;
}

function hasHtml(tree: Node): boolean {
  return (tree.children ?? []).some((node) => node.type === 'html' || hasHtml(node));
}
