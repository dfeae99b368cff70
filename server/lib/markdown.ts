/**
 * Markdown to safe HTML, on the server only (no markdown library reaches the
 * browser). GitHub-flavoured markdown; a single line break stays a line break
 * and a blank line starts a new paragraph. Raw HTML in a post is parsed and
 * then sanitised with GitHub's allow-list plus <video> (the admin editor
 * inserts uploaded videos as video tags): no script, no event handler, no
 * style, no javascript: or data: URL survives.
 */
import rehypeRaw from 'rehype-raw';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkBreaks from 'remark-breaks';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

const schema = {
  ...defaultSchema,
  tagNames: [...(defaultSchema.tagNames ?? []), 'video', 'source'],
  attributes: {
    ...defaultSchema.attributes,
    video: ['src', 'controls', 'width', 'height', 'poster', 'preload', 'muted', 'loop', 'playsInline'],
    source: ['src', 'type'],
  },
  protocols: {
    ...defaultSchema.protocols,
    src: ['http', 'https'],
    poster: ['http', 'https'],
  },
};

interface HastNode {
  type: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

/** Every image gets an alt attribute: an image its author left undescribed counts as decorative. */
function imagesHaveAlt() {
  const visit = (node: HastNode) => {
    if (node.type === 'element' && node.tagName === 'img') {
      node.properties ??= {};
      if (typeof node.properties.alt !== 'string') node.properties.alt = '';
    }
    for (const child of node.children ?? []) visit(child);
  };
  return (tree: HastNode) => visit(tree);
}

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkBreaks)
  .use(remarkRehype, { allowDangerousHtml: true })
  .use(rehypeRaw)
  .use(rehypeSanitize, schema)
  .use(imagesHaveAlt)
  .use(rehypeStringify);

export function renderMarkdown(markdown: string): string {
  if (!markdown.trim()) return '';
  return String(processor.processSync(markdown));
}
