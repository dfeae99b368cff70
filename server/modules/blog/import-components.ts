/**
 * An MDX component in an imported post, written by its meaning (import-body.ts reads the post):
 * an image component as an image, an inline table of contents as `[[toc]]`, a callout or
 * admonition as GitHub's `> [!NOTE]`, a YouTube, Vimeo or tweet embed as a lone link (the renderer
 * makes it a card); an HTML element stays HTML (with blank lines around its content, so Markdown
 * inside still reads as Markdown); any other component keeps its text content.
 */
import { escapeXml } from '../../lib/markup.ts';

/** A node of the post's tree (mdast, with MDX's), as far as the import reads it. */
export interface Node {
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

interface Attribute {
  type: string;
  name?: string;
  value?: string | null | { type: string; value: string };
}

/** What writing a component needs from the writer of the whole body. */
export interface Writing {
  /** The source of a node's children, with their own changes made. */
  inside(node: Node): string;
  /** An attribute's value: a string, or a string literal or imported image in an expression. */
  attribute(node: Node, ...names: string[]): string | undefined;
  /** An image at its address on this site, a link to where it was, or null without an address. */
  image(url: string | undefined, alt: string, title?: string | null): string | null;
  /** A change, for the report (counted by kind). */
  count(note: string): void;
}

export const IMAGE_COMPONENT =
  /^(Image|Img|ImageZoom|ResponsiveImage|Picture|Figure|ZoomImage|ExportedImage|CldImage)$/;
const TOC_COMPONENT = /^(TOCInline|TableOfContents|Toc|TOC|TocInline)$/;
const CALLOUT_COMPONENT =
  /^(Callout|Admonition|Note|Tip|Info|Warning|Caution|Danger|Important|Alert|Aside|Notice|Blockquote)$/;
const YOUTUBE_COMPONENT =
  /^(YouTube|Youtube|YoutubeEmbed|YouTubeEmbed|LiteYouTubeEmbed|LiteYouTube|LiteYoutube)$/;
const VIMEO_COMPONENT = /^(Vimeo|VimeoEmbed)$/;
const TWEET_COMPONENT = /^(Tweet|TweetEmbed|StaticTweet|XEmbed|XPost)$/;
const VOID_ELEMENTS = new Set(['br', 'hr', 'img', 'wbr']);

/** A block of its own: blank lines around it. */
export const flow = (text: string) => `\n\n${text.trim()}\n\n`;

/** A link's destination: in angle brackets only where the address has what would end it. */
export const destination = (url: string) => (/[\s()<>]/.test(url) ? `<${url}>` : url);

/** `[text](url)`, with what Markdown needs escaped. */
export const markdownLink = (text: string, url: string) =>
  `[${text.replace(/[[\]\\]/g, '\\$&')}](${destination(url)})`;

/** A callout's kind in GitHub's alert words, from its component name or its `type`. */
function calloutKind(name: string, type: string | undefined): string {
  const word = (type ?? name).toLowerCase();
  if (/warn/.test(word)) return 'WARNING';
  if (/danger|error|caution|alert/.test(word)) return 'CAUTION';
  if (/tip|success|hint/.test(word)) return 'TIP';
  if (/important/.test(word)) return 'IMPORTANT';
  return 'NOTE';
}

/** An MDX element or component (`mdxJsxFlowElement` or `mdxJsxTextElement`) as this site's Markdown. */
export function writeComponent(node: Node, writing: Writing): string {
  const { inside, attribute, image, count } = writing;
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
  if (/^[a-z]/.test(name)) return element(node, isFlow, writing);
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
    return flow(`> [!${calloutKind(name, attribute(node, 'type', 'kind', 'variant', 'status'))}]\n${quoted}`);
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
    return block(markdownLink(attribute(node, 'title') ?? `A video on ${vimeo ? 'Vimeo' : 'YouTube'}`, url));
  }
  if (TWEET_COMPONENT.test(name)) {
    const id = attribute(node, 'id', 'tweetId');
    const url = attribute(node, 'url', 'src', 'href') ?? (id ? `https://x.com/i/status/${id}` : undefined);
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
}

/** An HTML element written in MDX, back as HTML with its plain attributes. */
function element(node: Node, isFlow: boolean, { inside, attribute }: Writing): string {
  const name = node.name ?? 'div';
  const attrs = (node.attributes ?? [])
    .filter((attr) => attr.type === 'mdxJsxAttribute' && attr.name && attr.name !== 'style')
    .map((attr) => {
      const value = attribute(node, attr.name as string);
      const htmlName = attr.name === 'className' ? 'class' : attr.name === 'htmlFor' ? 'for' : attr.name;
      if (attr.value === null) return ` ${htmlName}`;
      return value === undefined ? '' : ` ${htmlName}="${escapeXml(value)}"`;
    })
    .join('');
  if (VOID_ELEMENTS.has(name)) return `<${name}${attrs}>`;
  const content = inside(node);
  return isFlow
    ? flow(`<${name}${attrs}>\n\n${content.trim()}\n\n</${name}>`)
    : `<${name}${attrs}>${content}</${name}>`;
}
