import katexStyles from 'katex/dist/katex.min.css?url';

/** Whether rendered post HTML has math in it (KaTeX's markup, server/lib/markdown.ts). */
export const hasMath = (html: string) => html.includes('class="katex"');

/**
 * KaTeX's stylesheet, and through it its fonts, on a page whose HTML has math: only there. React
 * puts the link in the head, once however many times it is asked for.
 */
export function MathStyles({ html }: { html: string }) {
  if (!hasMath(html)) return null;
  return <link rel="stylesheet" href={katexStyles} precedence="default" />;
}
