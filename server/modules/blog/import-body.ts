/**
 * An imported post's body made into this site's Markdown, as far as it can be read without
 * running it (issue 34). Everything the writer wrote stays as written except what is changed, and
 * each change is named for the import's report:
 * - MDX: `import`/`export` lines and `{expressions}` are dropped; components are rendered by their
 *   meaning: an image component as an image, an inline table of contents as `[[toc]]`, a callout
 *   or admonition as GitHub's `> [!NOTE]`, a YouTube, Vimeo or tweet embed as a lone link (the
 *   renderer makes it a card); HTML elements stay HTML (with blank lines around their content, so
 *   Markdown inside still reads as Markdown); any other component keeps its text content.
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
import { templateTags } from './template-tags.ts';

interface Attribute {
  type: string;
  name?: string;
  value?: string | null | { type: string; value: string };
}

interface Node {
  type: string;
  name?: string | null;
  attributes?: Attribute[];
  children?: Node[];
  value?: string;
  url?: string;
  alt?: string | null;
  title?: string | null;
  identifier?: string;
  label?: string | null;
  position?: { start: { offset?: number }; end: { offset?: number } };
}

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

const IMAGE_COMPONENT =
  /^(Image|Img|ImageZoom|ResponsiveImage|Picture|Figure|ZoomImage|ExportedImage|CldImage)$/;
const TOC_COMPONENT = /^(TOCInline|TableOfContents|Toc|TOC|TocInline)$/;
const CALLOUT_COMPONENT =
  /^(Callout|Admonition|Note|Tip|Info|Warning|Caution|Danger|Important|Alert|Aside|Notice|Blockquote)$/;
const YOUTUBE_COMPONENT =
  /^(YouTube|Youtube|YoutubeEmbed|YouTubeEmbed|LiteYouTubeEmbed|LiteYouTube|LiteYoutube)$/;
const VIMEO_COMPONENT = /^(Vimeo|VimeoEmbed)$/;
const TWEET_COMPONENT = /^(Tweet|TweetEmbed|StaticTweet|XEmbed|XPost)$/;
const VOID_ELEMENTS = new Set(['br', 'hr', 'img', 'wbr']);

/** A callout's kind in GitHub's alert words, from its component name or its `type`. */
function calloutKind(name: string, type: string | undefined): string {
  const word = (type ?? name).toLowerCase();
  if (/warn/.test(word)) return 'WARNING';
  if (/danger|error|caution|alert/.test(word)) return 'CAUTION';
  if (/tip|success|hint/.test(word)) return 'TIP';
  if (/important/.test(word)) return 'IMPORTANT';
  return 'NOTE';
}

const escapeHtml = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** A link's destination: in angle brackets only where the address has what would end it. */
const destination = (url: string) => (/[\s()<>]/.test(url) ? `<${url}>` : url);

/** `![alt](url "title")`, with what Markdown needs escaped. */
const markdownImage = (alt: string, url: string, title?: string | null) =>
  `![${alt.replace(/[[\]\\]/g, '\\$&')}](${destination(url)}${title ? ` "${title.replaceAll('"', '\\"')}"` : ''})`;

const markdownLink = (text: string, url: string) =>
  `[${text.replace(/[[\]\\]/g, '\\$&')}](${destination(url)})`;

/** `src="..."` and the like in a piece of HTML. */
const HTML_IMG = /<img\b[^>]*?\bsrc\s*=\s*(["'])(.*?)\1[^>]*>/gi;
const MD_IMAGE_IN_HTML = /!\[([^\]]*)\]\(\s*<?([^)\s>]+)>?(?:\s+"([^"]*)")?\s*\)/g;
const YOUTUBE_FRAME =
  /^\s*<iframe\b[^>]*\bsrc\s*=\s*(["'])https?:\/\/(?:www\.)?(?:youtube(?:-nocookie)?\.com\/embed\/|player\.vimeo\.com\/video\/)([\w-]+)[^"']*\1[^>]*>\s*<\/iframe>\s*$/i;

export function readBody(body: string, mdx: boolean): ReadBody {
  const notes: string[] = [];
  if (!mdx && /\{[{%]/.test(body)) {
    // Not inside fenced code: a post about Hugo shows shortcodes as they are written.
    body = body
      .split(/(^(?:```|~~~)[^\n]*\n[\s\S]*?^(?:```|~~~)[ \t]*$)/m)
      .map((part, index) => (index % 2 === 1 ? part : templateTags(part, notes)))
      .join('');
  }
  let tree: Node;
  let isMdx = mdx;
  try {
    tree = (mdx ? mdxParser : markdownParser).parse(body) as unknown as Node;
  } catch (error) {
    const place = (error as { line?: number }).line;
    notes.push(
      `its MDX could not be read${place ? ` (line ${place})` : ''}: imported as Markdown, import/export lines dropped`,
    );
    isMdx = false;
    body = body.replace(/^(import|export)\s[^\n]*\n?/gm, '');
    tree = markdownParser.parse(body) as unknown as Node;
  }

  const start = (node: Node) => node.position?.start.offset ?? 0;
  const end = (node: Node) => node.position?.end.offset ?? 0;

  // Images that MDX imports (`import hero from './hero.png'`) and then names as `{hero}`.
  const importedImages = new Map<string, string>();
  const definitions = new Map<string, Node>();
  const referencedDefinitions = new Set<string>();
  const walk = (node: Node, fn: (node: Node) => void) => {
    fn(node);
    for (const child of node.children ?? []) walk(child, fn);
  };
  walk(tree, (node) => {
    if (node.type === 'mdxjsEsm') {
      for (const [, name, path] of (node.value ?? '').matchAll(
        /import\s+(\w+)\s+from\s+['"]([^'"]+\.(?:png|jpe?g|webp|gif|avif))['"]/gi,
      )) {
        if (name && path) importedImages.set(name, path);
      }
    }
    if (node.type === 'definition' && node.identifier) definitions.set(node.identifier, node);
    if (node.type === 'imageReference' && node.identifier) referencedDefinitions.add(node.identifier);
  });

  /** An attribute's value: a string, or a string literal or imported image in an expression. */
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

  // What reading MDX dropped or changed, counted once per kind.
  const counts = new Map<string, number>();
  const count = (note: string) => counts.set(note, (counts.get(note) ?? 0) + 1);

  const write = (addressOf: AddressOf): { markdown: string; notes: string[] } => {
    counts.clear();
    const flow = (text: string) => `\n\n${text.trim()}\n\n`;

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

    /** HTML with its images at their new addresses and Markdown images made `<img>` tags. */
    const html = (value: string): string | null => {
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
          return `<a href="${escapeHtml(src)}">${escapeHtml(alt)}</a>`;
        }
        return tag.replace(`${quote}${src}${quote}`, `${quote}${escapeHtml(address)}${quote}`);
      });
      const before = out;
      out = out.replace(MD_IMAGE_IN_HTML, (_match, alt: string, src: string, title?: string) => {
        const address = addressOf(src);
        if (address === null) return `<a href="${escapeHtml(src)}">${escapeHtml(alt || 'An image')}</a>`;
        return `<img src="${escapeHtml(address)}" alt="${escapeHtml(alt)}"${title ? ` title="${escapeHtml(title)}"` : ''}>`;
      });
      if (out !== before) count('Markdown images inside HTML were written as <img> so they show as images');
      if (/<iframe\b/i.test(out)) count('an embedded frame was dropped (frames do not show on this site)');
      return changed || out !== before ? out : null;
    };

    /** An HTML element written in MDX, back as HTML with its plain attributes. */
    const element = (node: Node, isFlow: boolean): string => {
      const name = node.name ?? 'div';
      const attrs = (node.attributes ?? [])
        .filter((attr) => attr.type === 'mdxJsxAttribute' && attr.name && attr.name !== 'style')
        .map((attr) => {
          const value = attribute(node, attr.name as string);
          const htmlName = attr.name === 'className' ? 'class' : attr.name === 'htmlFor' ? 'for' : attr.name;
          if (attr.value === null) return ` ${htmlName}`;
          return value === undefined ? '' : ` ${htmlName}="${escapeHtml(value)}"`;
        })
        .join('');
      if (VOID_ELEMENTS.has(name)) return `<${name}${attrs}>`;
      const content = inside(node);
      return isFlow
        ? flow(`<${name}${attrs}>\n\n${content.trim()}\n\n</${name}>`)
        : `<${name}${attrs}>${content}</${name}>`;
    };

    const component = (node: Node): string => {
      const name = node.name;
      const isFlow = node.type === 'mdxJsxFlowElement';
      const block = (text: string) => (isFlow ? flow(text) : text);
      if (!name) return inside(node); // a fragment: <>...</>
      if (name === 'img' || IMAGE_COMPONENT.test(name)) {
        const alt = attribute(node, 'alt', 'title') ?? '';
        const written = image(attribute(node, 'src', 'image', 'url'), alt);
        if (written === null) {
          count(`<${name}> without an address it could read was dropped`);
          return '';
        }
        if (name !== 'img') count(`<${name}> became an image`);
        const caption = name === 'Figure' ? inside(node).trim() : '';
        return block(caption ? `${written}\n\n_${caption}_` : written);
      }
      if (/^[a-z]/.test(name)) return element(node, isFlow);
      if (TOC_COMPONENT.test(name)) {
        count(`<${name}> became the post's contents`);
        return block('[[toc]]');
      }
      if (CALLOUT_COMPONENT.test(name)) {
        count(`<${name}> became a note`);
        const title = attribute(node, 'title');
        const text = [title ? `**${title}**` : '', inside(node).trim()].filter(Boolean).join('\n\n');
        const quoted = text
          .split('\n')
          .map((line) => (line ? `> ${line}` : '>'))
          .join('\n');
        return flow(
          `> [!${calloutKind(name, attribute(node, 'type', 'kind', 'variant', 'status'))}]\n${quoted}`,
        );
      }
      if (YOUTUBE_COMPONENT.test(name) || VIMEO_COMPONENT.test(name)) {
        const vimeo = VIMEO_COMPONENT.test(name);
        const id = attribute(node, 'id', 'videoId', 'youtubeId', 'vimeoId');
        const url =
          attribute(node, 'url', 'src', 'href') ??
          (id ? (vimeo ? `https://vimeo.com/${id}` : `https://www.youtube.com/watch?v=${id}`) : undefined);
        if (!url) {
          count(`<${name}> without a video it could read was dropped`);
          return '';
        }
        count(`<${name}> became a link to the video`);
        return block(
          markdownLink(attribute(node, 'title') ?? `A video on ${vimeo ? 'Vimeo' : 'YouTube'}`, url),
        );
      }
      if (TWEET_COMPONENT.test(name)) {
        const id = attribute(node, 'id', 'tweetId');
        const url =
          attribute(node, 'url', 'src', 'href') ?? (id ? `https://x.com/i/status/${id}` : undefined);
        if (!url) {
          count(`<${name}> without a post it could read was dropped`);
          return '';
        }
        count(`<${name}> became a link to the post`);
        return block(markdownLink('A post on X', url));
      }
      const content = inside(node);
      count(content.trim() ? `<${name}> kept as its text` : `<${name}> dropped (it has no text)`);
      return isFlow ? (content.trim() ? flow(content) : '') : content;
    };

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
          return component(node);
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
          return html(node.value ?? '');
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
  };

  // A Markdown body with nothing to change is kept exactly as it was.
  const unchanged = () => ({ markdown: body.trimEnd(), notes: [] });
  return {
    imageUrls,
    notes,
    write: isMdx || imageUrls.length > 0 || notes.length > 0 || hasHtml(tree) ? write : unchanged,
  };
}

function hasHtml(tree: Node): boolean {
  return (tree.children ?? []).some((node) => node.type === 'html' || hasHtml(node));
}
