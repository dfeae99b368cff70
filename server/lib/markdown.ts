/**
 * Markdown to safe HTML, on the server only (no markdown or highlighting library reaches the
 * browser). GitHub-flavoured markdown; a single line break stays a line break and a blank line
 * starts a new paragraph. Raw HTML in a post is parsed and then sanitised with GitHub's allow-list
 * plus <video> (the admin editor inserts uploaded videos as video tags): no script, no event
 * handler, no style, no javascript: or data: URL survives.
 *
 * After sanitising, the renderer adds what the writer did not write and the sanitiser would strip:
 * - headings h2 and h3 get ids (GitHub's slugs) and a self-link, and make the table of contents
 *   (a body's `#` headings are moved one level down first: the page's h1 is the title);
 * - alerts, an inline `[[toc]]`, link cards, scrolling tables and footnote ids (markdown-shapes.ts);
 * - math is typeset by KaTeX;
 * - fenced code is highlighted by Shiki into spans carrying both themes' colours as CSS variables
 *   (`--shiki-light`, `--shiki-dark`; web/app.css picks one per theme; text in the block's own
 *   colours is left bare), inside a figure with the language's name and a Copy button.
 * A post is rendered when it is saved and the HTML kept with it (RENDER_VERSION says which
 * renderer made it; an older one is re-rendered once, on its next read).
 */

import GithubSlugger from 'github-slugger';
import rehypeKatex from 'rehype-katex';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkBreaks from 'remark-breaks';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import {
  bundledLanguagesInfo,
  createHighlighter,
  createJavaScriptRegexEngine,
  type Highlighter,
} from 'shiki';
import { unified } from 'unified';
import type { TocEntry } from '../../common/schemas/blog.ts';
import { element, type HastNode, isElement, text, textOf, visit } from './hast.ts';
import {
  callouts,
  contentsMarker,
  demoteHeadings,
  footnoteIds,
  galleries,
  isFootnoteLabel,
  linkCards,
  scrollingTables,
} from './markdown-shapes.ts';

/** Bumped whenever the HTML this file makes changes: stored renders of older versions are redone. */
export const RENDER_VERSION = 5;

/** The code themes, light and dark: both pass 4.5:1 for every token colour on their background. */
export const CODE_THEMES = { light: 'github-light-default', dark: 'github-dark-default' } as const;

/** Languages loaded at start; a fence naming another language is shown as plain text with its name. */
const LANGUAGES = [
  'typescript',
  'tsx',
  'javascript',
  'jsx',
  'json',
  'jsonc',
  'bash',
  'shellscript',
  'css',
  'html',
  'sql',
  'yaml',
  'toml',
  'markdown',
  'python',
  'diff',
  'c',
  'cpp',
  'go',
  'rust',
  'java',
  'php',
  'ruby',
  'dockerfile',
  'ini',
  'xml',
  'graphql',
] as const;

/** Ids the page itself uses around a post: a heading never takes one of them. */
const RESERVED_IDS = ['main', 'main-content', 'comments', 'contents', 'share', 'related', 'author'];

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

/** Every image gets an alt attribute: an image its author left undescribed counts as decorative. */
function imagesHaveAlt(tree: HastNode) {
  visit(tree, (node) => {
    if (node.type === 'element' && node.tagName === 'img') {
      node.properties ??= {};
      if (typeof node.properties.alt !== 'string') node.properties.alt = '';
    }
  });
}

/** h2 and h3 get an id and a self-link; they are returned, in order, for the table of contents. */
function linkHeadings(tree: HastNode): TocEntry[] {
  const slugger = new GithubSlugger();
  for (const id of RESERVED_IDS) slugger.slug(id);
  const toc: TocEntry[] = [];
  visit(tree, (node) => {
    if (
      node.type !== 'element' ||
      (node.tagName !== 'h2' && node.tagName !== 'h3') ||
      isFootnoteLabel(node)
    ) {
      return;
    }
    const title = textOf(node).replace(/\s+/g, ' ').trim();
    if (!title) return;
    const id = slugger.slug(title) || `section-${toc.length + 1}`;
    node.properties = { ...node.properties, id };
    node.children = [
      ...(node.children ?? []),
      element('a', { className: ['heading-anchor'], href: `#${id}`, ariaLabel: `Link to “${title}”` }, [
        text('#'),
      ]),
    ];
    toc.push({ depth: node.tagName === 'h2' ? 2 : 3, id, text: title });
  });
  return toc;
}

const languageNames = new Map<string, string>();
for (const info of bundledLanguagesInfo) {
  languageNames.set(info.id, info.name);
  for (const alias of info.aliases ?? []) languageNames.set(alias, info.name);
}
languageNames.set('ts', 'TypeScript');
languageNames.set('js', 'JavaScript');
languageNames.set('sh', 'Shell');
languageNames.set('bash', 'Bash');
languageNames.set('shell', 'Shell');

/** The name shown above a code block: the language's name, or what the writer typed. */
export function languageLabel(lang: string): string {
  if (!lang || lang === 'text' || lang === 'plaintext' || lang === 'txt') return 'Text';
  return languageNames.get(lang.toLowerCase()) ?? lang;
}

/** The longest line of code coloured, in characters. */
const MAX_HIGHLIGHTED_LINE = 5_000;

let highlighter: Promise<Highlighter> | null = null;
/**
 * The highlighter, loaded once per process on the first render. Its grammars' patterns run on
 * JavaScript's own regular expressions (Shiki's JavaScript engine), not on Oniguruma compiled to
 * WebAssembly, whose memory held 23 MB of the server's for as long as it ran (issue 61, point 4).
 */
function loadHighlighter(): Promise<Highlighter> {
  highlighter ??= createHighlighter({
    themes: [CODE_THEMES.light, CODE_THEMES.dark],
    langs: [...LANGUAGES],
    engine: createJavaScriptRegexEngine(),
  });
  return highlighter;
}

/**
 * KaTeX writes some operators under a limit (`\\underset{x}{\\operatorname{arg\\,min}}`) as an
 * `<mi>` holding other elements, which MathML does not allow: such an `<mi>` becomes an `<mrow>`,
 * which may hold them and reads the same.
 */
/** MathML's token elements: they hold text only. */
const MATH_TOKENS = new Set(['mi', 'mo', 'mn', 'ms', 'mtext']);

function validMathml(tree: HastNode) {
  visit(tree, (node) => {
    if (
      node.type === 'element' &&
      MATH_TOKENS.has(node.tagName ?? '') &&
      node.children?.some((child) => child.type === 'element')
    ) {
      node.tagName = 'mrow';
    }
  });
}

/**
 * A fence's language and the file it shows: ` ```js:tailwind.config.js ` (the form of
 * remark-code-title, which tailwind-nextjs blogs use) or ` ```js title="tailwind.config.js" `.
 */
export function fenceInfo(lang: string, meta = ''): { lang: string; file: string } {
  const titled = /(?:^|\s)title=(?:"([^"]{1,200})"|'([^']{1,200})'|(\S{1,200}))/.exec(meta);
  const colon = lang.indexOf(':');
  const file = titled ? (titled[1] ?? titled[2] ?? titled[3] ?? '') : colon > 0 ? lang.slice(colon + 1) : '';
  return { lang: colon > 0 ? lang.slice(0, colon) : lang, file: file.trim() };
}

type MdNode = { type: string; lang?: string | null; meta?: string | null; children?: MdNode[] };

/** Carries a fence's file name (from its meta, which HTML would lose) in its language as `lang:file`. */
function fenceTitles() {
  return (tree: MdNode) => {
    const walk = (node: MdNode) => {
      if (node.type === 'code' && node.meta) {
        const { lang, file } = fenceInfo(node.lang ?? '', node.meta);
        if (file) node.lang = `${lang || 'text'}:${file}`;
      }
      for (const child of node.children ?? []) walk(child);
    };
    walk(tree);
  };
}

/** A style's two code colours, lower-cased: `--shiki-light:#1f2328;--shiki-dark:#e6edf3`. */
const codeColours = (style: unknown) =>
  String(style ?? '')
    .toLowerCase()
    .split(';')
    .filter((part) => /^--shiki-(light|dark):/.test(part))
    .join(';');

/**
 * A token in the block's own colours (its <pre>'s) is its text alone: it inherits them and looks
 * the same, in fewer bytes (a post's code block is a fifth of its page).
 */
function plainOwnColourTokens(pre: HastNode) {
  const own = codeColours(pre.properties?.style);
  if (!own) return;
  visit(pre, (node) => {
    if (
      !isElement(node, 'span') ||
      !String(node.properties?.class ?? '')
        .split(' ')
        .includes('line')
    )
      return;
    node.children = (node.children ?? []).flatMap((token) =>
      isElement(token, 'span') && codeColours(token.properties?.style) === own
        ? (token.children ?? [])
        : [token],
    );
  });
}

/**
 * Fenced code becomes a figure: the language (or the file it shows, with its language beside it),
 * a Copy button and the highlighted <pre>.
 */
function highlightCode(tree: HastNode, shiki: Highlighter) {
  const loaded = new Set(shiki.getLoadedLanguages());
  visit(tree, (node, parent, index) => {
    if (!parent || node.type !== 'element' || node.tagName !== 'pre') return;
    const code = node.children?.find((child) => child.type === 'element' && child.tagName === 'code');
    if (!code) return;
    const classes = (code.properties?.className as string[] | undefined) ?? [];
    const { lang, file } = fenceInfo(
      (classes.find((name) => name.startsWith('language-')) ?? '').slice('language-'.length),
    );
    const source = textOf(code).replace(/\n$/, '');
    const known = loaded.has(lang.toLowerCase()) ? lang.toLowerCase() : 'text';
    const root = shiki.codeToHast(source, {
      lang: known,
      themes: CODE_THEMES,
      defaultColor: false,
      // No time limit per line: Shiki's 0.5 s default left the rest of a line uncoloured when the
      // machine was busy, in a post stored so (and the limit is looked at between a grammar's
      // matches, so it never stopped a slow one). The bound is the line's length instead, the same
      // on every machine: a longer line (minified code) stays whole, uncoloured.
      tokenizeTimeLimit: 0,
      tokenizeMaxLineLength: MAX_HIGHLIGHTED_LINE,
      // Neighbouring tokens of one colour are one span.
      mergeSameStyleTokens: true,
    }) as unknown as HastNode;
    const pre = root.children?.find((child) => child.type === 'element' && child.tagName === 'pre');
    if (!pre) return;
    plainOwnColourTokens(pre);
    const label = languageLabel(lang);
    const caption = file
      ? [
          element('span', { className: ['code-file'] }, [text(file)]),
          element('span', { className: ['code-lang'] }, [text(label)]),
        ]
      : [element('span', {}, [text(label)])];
    const figure = element('figure', { className: ['code-block'], dataLang: known }, [
      element('figcaption', { className: ['code-head'] }, [
        element('span', { className: ['code-title'] }, caption),
        element(
          'button',
          {
            type: 'button',
            className: ['copy-code'],
            dataCopyCode: '',
            ariaLabel: file ? `Copy ${file}` : `Copy ${label} code`,
          },
          [text('Copy')],
        ),
      ]),
      pre,
    ]);
    (parent.children as HastNode[])[index] = figure;
  });
}

const parser = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(fenceTitles)
  .use(remarkMath)
  .use(remarkBreaks)
  .use(remarkRehype, { allowDangerousHtml: true })
  .use(rehypeRaw)
  .use(rehypeSanitize, schema);
const stringifier = unified().use(rehypeStringify);
/**
 * Math (`$...$`, `$$...$$`, a fence of `math`) as KaTeX writes it, MathML for assistive technology
 * and HTML for the eye, after sanitising (KaTeX's own markup is not the writer's); KaTeX's defaults
 * keep \\href and other commands that reach outside switched off. Its stylesheet loads only on
 * pages that have math (web/features/blog/math-styles.tsx).
 */
const mathRenderer = unified().use(rehypeKatex, { output: 'htmlAndMathml' });

export interface RenderedPost {
  html: string;
  toc: TocEntry[];
}

/** A post's markdown as sanitised, highlighted HTML, with its table of contents. */
export async function renderPost(markdown: string): Promise<RenderedPost> {
  if (!markdown.trim()) return { html: '', toc: [] };
  const shiki = await loadHighlighter();
  const tree = (await parser.run(parser.parse(markdown))) as unknown as HastNode;
  imagesHaveAlt(tree);
  footnoteIds(tree);
  demoteHeadings(tree);
  const toc = linkHeadings(tree);
  contentsMarker(tree, toc);
  callouts(tree);
  linkCards(tree);
  galleries(tree);
  scrollingTables(tree);
  // biome-ignore lint/suspicious/noExplicitAny: the hast root rehype-katex takes
  await mathRenderer.run(tree as any);
  validMathml(tree);
  highlightCode(tree, shiki);
  // biome-ignore lint/suspicious/noExplicitAny: the hast root the stringifier takes
  return { html: stringifier.stringify(tree as any), toc };
}

/** Markdown as sanitised, highlighted HTML ('' when empty). */
export async function renderMarkdown(markdown: string): Promise<string> {
  return (await renderPost(markdown)).html;
}
