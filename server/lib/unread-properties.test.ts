/**
 * A page's <style> keeps every custom property something on the page reads (a rule, a fallback, a
 * style attribute) and leaves out the rest, with their @property rules; the rest of the CSS reads
 * the same.
 */
import { describe, expect, it, vi } from 'vitest';
import { withoutUnreadProperties } from './unread-properties.ts';

const page = (css: string, body = '<p>Hi</p>') =>
  `<!DOCTYPE html><html><head><style>${css}</style></head><body>${body}</body></html>`;
const styleOf = (html: string) => /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';

describe('a page without the custom properties nothing reads', () => {
  const css = [
    '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
    '@property --tw-blur{syntax:"*";inherits:false}',
    ':root{--color-accent:#f2a541;--color-unused:red;--space:4px;--fallback:blue;--from-attribute:2px}',
    '*,:before{--tw-blur:initial;--tw-shadow:0 0 #0000}',
    '.card{color:var(--color-accent);padding:var(--space);box-shadow:var(--tw-shadow)}',
    '.note{border-color:var(--missing, var(--fallback))}',
    '.bar{width:var( --from-attribute)}',
  ].join('');

  it('leaves out what is declared and never read, and its @property rule', () => {
    const out = styleOf(withoutUnreadProperties(page(css)));
    expect(out).not.toContain('--color-unused');
    expect(out).not.toContain('--tw-blur');
    for (const kept of [
      '--color-accent:',
      '--space:',
      '--fallback:',
      '--tw-shadow:',
      '@property --tw-shadow',
    ])
      expect(out).toContain(kept);
    expect(out).toContain('.card{color:var(--color-accent)');
    expect(out).toContain('.note{border-color:var(--missing,var(--fallback))}');
  });

  it('keeps what only a style attribute reads', () => {
    const plain = css.replace('.bar{width:var( --from-attribute)}', '');
    expect(styleOf(withoutUnreadProperties(page(plain)))).not.toContain('--from-attribute');
    const read = withoutUnreadProperties(page(plain, '<div style="margin:var(--from-attribute)"></div>'));
    expect(styleOf(read)).toContain('--from-attribute:2px');
  });

  it('leaves a page with nothing unread as it was, and CSS it cannot read whole', () => {
    const used = page(':root{--a:1px}.x{margin:var(--a)}');
    expect(withoutUnreadProperties(used)).toBe(used);
    const broken = page(':root{--a:1px}.x{margin:1px}!!{}');
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(withoutUnreadProperties(broken)).toBe(broken);
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });
});
