/**
 * What a post's HTML gains after sanitising, so it reads well whoever wrote it and wherever it was
 * written first (issue 34):
 * - a body with a `#` heading has every heading one level down: the page's own h1 is the title;
 * - GitHub's alerts (`> [!NOTE]`, TIP, IMPORTANT, WARNING, CAUTION) become styled notes;
 * - a paragraph that is only `[[toc]]` becomes the post's contents, where the writer put it;
 * - a paragraph that is only a link to a video or a post on YouTube, Vimeo or X becomes a link
 *   card (nothing is embedded: a visitor's browser never asks those sites);
 * - a table scrolls sideways inside its own focusable region on a narrow screen;
 * - footnotes keep ids their links reach (the parser and the sanitiser each prefixed them).
 */
import type { TocEntry } from '../../common/schemas/blog.ts';
import { classesOf, element, type HastNode, isElement, text, textOf, visit } from './hast.ts';

const isFootnotes = (node: HastNode) =>
  isElement(node, 'section') && node.properties?.dataFootnotes !== undefined;

/** A body with an h1 has every heading one level down (h6 stays): the page keeps one h1. */
export function demoteHeadings(tree: HastNode) {
  const body = (tree.children ?? []).filter((node) => !isFootnotes(node));
  let hasH1 = false;
  for (const node of body) {
    visit(node, (inner) => {
      if (isElement(inner, 'h1')) hasH1 = true;
    });
  }
  if (!hasH1) return;
  for (const node of body) {
    visit(node, (inner) => {
      const level = /^h([1-5])$/.exec(inner.type === 'element' ? (inner.tagName ?? '') : '');
      if (level) inner.tagName = `h${Number(level[1]) + 1}`;
    });
  }
}

/** The parser prefixes footnote ids with `user-content-` and the sanitiser does again: once is right. */
export function footnoteIds(tree: HastNode) {
  visit(tree, (node) => {
    const id = node.properties?.id;
    if (typeof id === 'string' && id.startsWith('user-content-user-content-')) {
      node.properties = { ...node.properties, id: id.slice('user-content-'.length) };
    }
  });
}

/** Whether a heading belongs to the page's furniture (the footnotes' hidden label), not the text. */
export const isFootnoteLabel = (node: HastNode) =>
  typeof node.properties?.id === 'string' && (node.properties.id as string).endsWith('footnote-label');

const CALLOUTS = {
  NOTE: 'Note',
  TIP: 'Tip',
  IMPORTANT: 'Important',
  WARNING: 'Warning',
  CAUTION: 'Caution',
} as const;
type CalloutKind = keyof typeof CALLOUTS;
const CALLOUT_MARK = /^\s*\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\][ \t]*/i;

/** `> [!NOTE]` and its kin become an aside with the kind as its title. */
export function callouts(tree: HastNode) {
  visit(tree, (node, parent, index) => {
    if (!parent || !isElement(node, 'blockquote')) return;
    const first = node.children?.find((child) => isElement(child));
    const lead = first?.children?.[0];
    if (!first || !isElement(first, 'p') || lead?.type !== 'text') return;
    const mark = CALLOUT_MARK.exec(lead.value ?? '');
    if (!mark) return;
    const kind = (mark[1] ?? 'NOTE').toUpperCase() as CalloutKind;
    lead.value = (lead.value ?? '').slice(mark[0].length).replace(/^\n/, '');
    // The line break after the mark (remark-breaks turns it into <br>) goes with it.
    const after = first.children ?? [];
    if (!lead.value && isElement(after[1], 'br')) after.splice(0, 2);
    else if (!lead.value) after.splice(0, 1);
    if (after.length > 0 && after[0]?.type === 'text')
      after[0].value = (after[0].value ?? '').replace(/^\n/, '');
    const body = (node.children ?? []).filter(
      (child) => !(child === first && (first.children ?? []).length === 0),
    );
    (parent.children as HastNode[])[index] = element(
      'aside',
      { className: ['callout', `callout-${kind.toLowerCase()}`], role: 'note', ariaLabel: CALLOUTS[kind] },
      [element('p', { className: ['callout-title'] }, [text(CALLOUTS[kind])]), ...body],
    );
  });
}

/** The contents as the page's side list shows them: h2s, each with its h3s. */
function contentsList(toc: TocEntry[]): HastNode {
  const items: HastNode[] = [];
  let current: HastNode | undefined;
  for (const entry of toc) {
    const link = element('a', { href: `#${entry.id}` }, [text(entry.text)]);
    if (entry.depth === 2 || !current) {
      current = element('li', {}, [link]);
      items.push(current);
    } else {
      let sub = current.children?.find((child) => isElement(child, 'ol'));
      if (!sub) {
        sub = element('ol', {}, []);
        current.children?.push(sub);
      }
      sub.children?.push(element('li', {}, [link]));
    }
  }
  return element('nav', { className: ['post-toc'], ariaLabel: 'Contents of this post' }, [
    element('p', { className: ['post-toc-title'] }, [text('Contents')]),
    element('ol', {}, items),
  ]);
}

/** A paragraph that is only `[[toc]]` becomes the post's contents (nothing when it has no headings). */
export function contentsMarker(tree: HastNode, toc: TocEntry[]) {
  visit(tree, (node, parent, index) => {
    if (!parent || !isElement(node, 'p') || textOf(node).trim().toLowerCase() !== '[[toc]]') return;
    (parent.children as HastNode[])[index] =
      toc.length > 0 ? contentsList(toc) : element('span', { hidden: true }, []);
  });
}

const CARD_SITES: Array<[RegExp, string]> = [
  [/^(www\.|m\.)?youtube\.com$|^youtu\.be$/, 'YouTube'],
  [/^(www\.)?vimeo\.com$/, 'Vimeo'],
  [/^(www\.|mobile\.)?(twitter|x)\.com$/, 'X'],
];

/** The site a link card names for an address, if it is one of the embeddable ones. */
export function cardSite(href: string): string | undefined {
  try {
    const url = new URL(href);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    return CARD_SITES.find(([host]) => host.test(url.hostname))?.[1];
  } catch {
    return undefined;
  }
}

/** A paragraph that is only a link to a video or a post on YouTube, Vimeo or X becomes a card. */
export function linkCards(tree: HastNode) {
  visit(tree, (node, parent, index) => {
    if (!parent || !isElement(node, 'p')) return;
    const content = (node.children ?? []).filter((child) => !(child.type === 'text' && !child.value?.trim()));
    const link = content[0];
    if (content.length !== 1 || !isElement(link, 'a')) return;
    const href = String(link.properties?.href ?? '');
    const site = cardSite(href);
    if (!site) return;
    const url = new URL(href);
    const label = textOf(link).trim();
    const title = label && label !== href ? label : site === 'X' ? 'A post on X' : `A video on ${site}`;
    (parent.children as HastNode[])[index] = element('p', { className: ['link-card'] }, [
      element('a', { href, rel: ['noopener', 'noreferrer'] }, [
        element('span', { className: ['link-card-site'] }, [text(site)]),
        element('span', { className: ['link-card-title'] }, [text(title)]),
        element('span', { className: ['link-card-url'] }, [text(`${url.hostname}${url.pathname}`)]),
      ]),
    ]);
  });
}

/** Each table sits in a region of its own that scrolls sideways (and takes focus, for the keyboard). */
export function scrollingTables(tree: HastNode) {
  let count = 0;
  visit(tree, (node, parent, index) => {
    if (!parent || !isElement(node, 'table') || classesOf(parent).includes('table-scroll')) return;
    count++;
    (parent.children as HastNode[])[index] = element(
      'div',
      { className: ['table-scroll'], role: 'region', tabIndex: 0, ariaLabel: `Table ${count}` },
      [node],
    );
  });
}

/**
 * The images of a block that holds nothing else (through its wrappers: an MDX blog's
 * `<div className="flex flex-wrap">` gallery, whose classes the sanitiser took away), or `null`.
 */
function onlyImages(node: HastNode): HastNode[] | null {
  const images: HastNode[] = [];
  const collect = (inner: HastNode): boolean => {
    if (inner.type === 'text') return !(inner.value ?? '').trim();
    const tag = inner.type === 'element' ? inner.tagName : '';
    if (tag === 'img') images.push(inner);
    else if (tag === 'div' || tag === 'p' || tag === 'span' || tag === 'figure') {
      return (inner.children ?? []).every(collect);
    }
    return tag === 'img' || tag === 'br';
  };
  return (node.children ?? []).every(collect) ? images : null;
}

/**
 * A block of two or more images and nothing else is a gallery: the images side by side with
 * spacing, wrapping on a narrow screen, whatever their widths (app.css, .post-gallery).
 */
export function galleries(tree: HastNode) {
  visit(tree, (node, parent, index) => {
    if (!parent || !isElement(node, 'div') || classesOf(node).length > 0) return;
    const images = onlyImages(node);
    if (!images || images.length < 2) return;
    (parent.children as HastNode[])[index] = element(
      'div',
      { className: ['post-gallery'], role: 'group', ariaLabel: 'Gallery' },
      images,
    );
  });
}
