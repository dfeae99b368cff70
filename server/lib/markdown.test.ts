import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown.ts';

describe('renderMarkdown', () => {
  it('keeps single line breaks and makes blank lines paragraph breaks', () => {
    expect(renderMarkdown('one\ntwo\n\nthree')).toBe('<p>one<br>\ntwo</p>\n<p>three</p>');
  });

  it('renders GitHub-flavoured markdown: code, tables, links', () => {
    const html = renderMarkdown(
      '```ts\nconst a = 1;\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[site](https://example.com)',
    );
    expect(html).toContain('<pre><code class="language-ts">const a = 1;\n</code></pre>');
    expect(html).toContain('<table>');
    expect(html).toContain('<a href="https://example.com">site</a>');
  });

  it('keeps an uploaded video and an image', () => {
    const html = renderMarkdown('![cover](/uploads/a.webp)\n\n<video src="/uploads/b.mp4" controls></video>');
    expect(html).toContain('<img src="/uploads/a.webp" alt="cover">');
    expect(html).toContain('<video src="/uploads/b.mp4" controls></video>');
  });

  it('removes every script, event handler, style and dangerous URL of the XSS payload list', () => {
    const payloads = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<svg onload=alert(1)><circle r="1"/></svg>',
      '<a href="javascript:alert(1)">click</a>',
      '[click](javascript:alert(1))',
      '[click](JaVaScRiPt:alert(1))',
      '<a href="data:text/html,<script>alert(1)</script>">x</a>',
      '<iframe src="https://evil.example"></iframe>',
      '<div style="background:url(javascript:alert(1))">x</div>',
      '<body onload=alert(1)>',
      '<video src=x onerror=alert(1)></video>',
      '<video><source src="javascript:alert(1)"></video>',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
      '<form action="https://evil.example"><input name="a"></form>',
      '<object data="https://evil.example/x.swf"></object>',
      '<p onclick="alert(1)">x</p>',
    ].join('\n\n');
    const html = renderMarkdown(payloads);
    const tags = html.match(/<[a-z][^>]*>/gi) ?? [];
    expect(tags.length).toBeGreaterThan(0);
    for (const tag of tags) {
      expect(tag).not.toMatch(/^<(script|iframe|object|form|input|svg|style|body|math)/i);
      expect(tag, 'event handler').not.toMatch(/\son[a-z]+=/i);
      expect(tag, 'style').not.toMatch(/\sstyle=/i);
      expect(tag, 'dangerous URL').not.toMatch(/(javascript|data|vbscript):/i);
    }
  });

  it('gives every image an alt text, empty when its author gave none', () => {
    expect(renderMarkdown('<img src="/images/a.svg">')).toBe('<img src="/images/a.svg" alt="">');
    expect(renderMarkdown('![A bench](/images/a.svg)')).toBe(
      '<p><img src="/images/a.svg" alt="A bench"></p>',
    );
  });

  it('gives nothing for empty content', () => {
    expect(renderMarkdown('  \n ')).toBe('');
  });
});
