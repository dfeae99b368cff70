import { describe, expect, it, vi } from 'vitest';
import { fenceInfo, languageLabel, renderMarkdown, renderPost } from './markdown.ts';

describe('renderMarkdown', () => {
  it('keeps single line breaks and makes blank lines paragraph breaks', async () => {
    expect(await renderMarkdown('one\ntwo\n\nthree')).toBe('<p>one<br>\ntwo</p>\n<p>three</p>');
  });

  it('renders GitHub-flavoured markdown: code, tables, links', async () => {
    const html = await renderMarkdown(
      '```ts\nconst a = 1;\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[site](https://example.com)',
    );
    expect(html).toContain('<table>');
    expect(html).toContain('<a href="https://example.com">site</a>');
  });

  it('keeps an uploaded video and an image', async () => {
    const html = await renderMarkdown(
      '![cover](/uploads/a.webp)\n\n<video src="/uploads/b.mp4" controls></video>',
    );
    expect(html).toContain('<img src="/uploads/a.webp" alt="cover">');
    expect(html).toContain('<video src="/uploads/b.mp4" controls></video>');
  });

  it('removes every script, event handler, style and dangerous URL of the XSS payload list', async () => {
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
    const html = await renderMarkdown(payloads);
    const tags = html.match(/<[a-z][^>]*>/gi) ?? [];
    expect(tags.length).toBeGreaterThan(0);
    for (const tag of tags) {
      expect(tag).not.toMatch(/^<(script|iframe|object|form|input|svg|style|body|math)/i);
      expect(tag, 'event handler').not.toMatch(/\son[a-z]+=/i);
      expect(tag, 'style').not.toMatch(/\sstyle=/i);
      expect(tag, 'dangerous URL').not.toMatch(/(javascript|data|vbscript):/i);
    }
  });

  it('gives every image an alt text, empty when its author gave none', async () => {
    expect(await renderMarkdown('<img src="/images/a.svg">')).toBe('<img src="/images/a.svg" alt="">');
    expect(await renderMarkdown('![A bench](/images/a.svg)')).toBe(
      '<p><img src="/images/a.svg" alt="A bench"></p>',
    );
  });

  it('gives nothing for empty content', async () => {
    expect(await renderMarkdown('  \n ')).toBe('');
  });

  it('highlights code in both themes with the language named and a Copy button', async () => {
    const html = await renderMarkdown('```ts\nconst answer: number = 42; // the answer\n```');
    expect(html).toContain('<figure class="code-block" data-lang="ts">');
    expect(html).toContain('<span>TypeScript</span>');
    expect(html).toMatch(
      /<button type="button" class="copy-code" data-copy-code="" aria-label="Copy TypeScript code">Copy<\/button>/,
    );
    // Each token carries the light and the dark colour; app.css shows one per theme.
    const tokens =
      html.match(/<span style="--shiki-light:#[0-9a-f]{6};--shiki-dark:#[0-9a-f]{6}[^"]*">/gi) ?? [];
    expect(tokens.length).toBeGreaterThan(5);
    const keyword = html.match(/<span style="([^"]*)">const<\/span>/)?.[1] ?? '';
    const comment = html.match(/<span style="([^"]*)">\/\/ the answer<\/span>/)?.[1] ?? '';
    expect(keyword).not.toBe(comment);
    expect(html).toMatch(/--shiki-light-bg:#[0-9a-f]{6}/i);
    expect(html).toMatch(/--shiki-dark-bg:#[0-9a-f]{6}/i);
    // Text in the block's own colours (its <pre>'s) is bare: it inherits them.
    const own =
      /<pre [^>]*style="(--shiki-light:#[0-9a-f]{6};--shiki-dark:#[0-9a-f]{6})/i.exec(html)?.[1] ?? '';
    expect(own).not.toBe('');
    expect(html.toLowerCase()).not.toContain(`<span style="${own.toLowerCase()}">`);
    expect(html).toMatch(/<\/span>; <span/);
    // The code text itself is intact once the markup is taken away.
    expect(html.replace(/<[^>]+>/g, '').replace(/&#x3C;/g, '<')).toContain(
      'const answer: number = 42; // the answer',
    );
  });

  it('colours code the same on a busy machine: no line is cut short by the time it takes', async () => {
    const code =
      "```ts\nimport { z } from 'zod';\nexport const a = z.object({ name: z.string().min(1, 'Name') });\n```";
    const calm = await renderMarkdown(code);
    // Each look at the clock a second later: as if every line took seconds on a loaded machine. The
    // highlighter gave up on a line after 0.5 s and left its rest uncoloured, in a post stored so.
    let now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => {
      now += 1000;
      return now;
    });
    try {
      expect(await renderMarkdown(code)).toBe(calm);
    } finally {
      clock.mockRestore();
    }
  });

  it('leaves a very long line of code uncoloured, whole', async () => {
    const line = `const data = [${Array.from({ length: 2000 }, (_, at) => at).join(', ')}];`;
    const html = await renderMarkdown(`\`\`\`js\n${line}\n\`\`\``);
    expect(html.replace(/<[^>]+>/g, '')).toContain(line);
    expect(html).not.toMatch(/<span style="[^"]*">const<\/span>/);
  });

  it('highlights a fence that names its file and shows the name as its caption', async () => {
    const html = await renderMarkdown(
      '```js:tailwind.config.js\nmodule.exports = { darkMode: \'class\' }\n```\n\n```ts title="src/<app>.ts"\nconst a = 1\n```',
    );
    // Highlighted as JavaScript (it was plain text under the raw label 'js:tailwind.config.js').
    expect(html).toContain('<figure class="code-block" data-lang="js">');
    expect(html).toContain(
      '<span class="code-title"><span class="code-file">tailwind.config.js</span><span class="code-lang">JavaScript</span></span>',
    );
    expect(html).toContain('aria-label="Copy tailwind.config.js"');
    expect(html).not.toContain('<span>js:tailwind.config.js</span>');
    expect(html).toMatch(/<span style="[^"]*">module<\/span>/);
    // The title="..." form too, its name escaped.
    expect(html).toContain('<figure class="code-block" data-lang="ts">');
    expect(html).toContain('<span class="code-file">src/&#x3C;app>.ts</span>');
    expect(fenceInfo('js:tailwind.config.js')).toEqual({ lang: 'js', file: 'tailwind.config.js' });
    expect(fenceInfo('bash', "title='run.sh' showLineNumbers")).toEqual({ lang: 'bash', file: 'run.sh' });
    expect(fenceInfo('ts')).toEqual({ lang: 'ts', file: '' });
  });

  it('lays out a block of images and nothing else as a gallery; one image or a mixed block stays as written', async () => {
    const { html } = await renderPost(
      [
        '<div class="-mx-2 flex flex-wrap overflow-hidden">',
        '<div class="my-1 w-full px-2 xl:w-1/2">\n\n![Maple](/images/maple.jpg)\n\n</div>',
        '<div class="my-1 w-full px-2 xl:w-1/3">\n\n![Lake](/images/lake.jpg)\n\n</div>',
        '</div>',
        '',
        '<div>\n\n![Alone](/images/alone.jpg)\n\n</div>',
        '',
        '<div>\n\n![Key](/images/key.jpg)\n\nThe key, before it was cut.\n\n</div>',
      ].join('\n\n'),
    );
    expect(html).toContain(
      '<div class="post-gallery" role="group" aria-label="Gallery"><img src="/images/maple.jpg" alt="Maple"><img src="/images/lake.jpg" alt="Lake"></div>',
    );
    expect(html.match(/post-gallery/g)).toHaveLength(1);
    expect(html).toContain('alt="Alone"');
    expect(html).toContain('The key, before it was cut.');
  });

  it('shows code in an unknown language as text under the name the writer gave, escaped', async () => {
    const html = await renderMarkdown('```brainfun\n<script>alert(1)</script>\n```\n\n```\nplain\n```');
    expect(html).toContain('<span>brainfun</span>');
    expect(html).toContain('<span>Text</span>');
    expect(html).not.toContain('<script>');
    expect(languageLabel('py')).toBe('Python');
    expect(languageLabel('sh')).toBe('Shell');
  });

  it('gives h2 and h3 ids and self-links, unique, never an id the page uses, and lists them', async () => {
    const { html, toc } = await renderPost(
      '## Why it matters\n\ntext\n\n### The *details*\n\n## Why it matters\n\n## Comments',
    );
    expect(toc).toEqual([
      { depth: 2, id: 'why-it-matters', text: 'Why it matters' },
      { depth: 3, id: 'the-details', text: 'The details' },
      { depth: 2, id: 'why-it-matters-1', text: 'Why it matters' },
      { depth: 2, id: 'comments-1', text: 'Comments' },
    ]);
    expect(html).toContain(
      '<h2 id="why-it-matters">Why it matters<a class="heading-anchor" href="#why-it-matters" aria-label="Link to “Why it matters”">#</a></h2>',
    );
  });

  it('keeps a raw id from the writer prefixed, so it cannot take over a heading', async () => {
    const { html } = await renderPost('<p id="why">x</p>\n\n## Why');
    expect(html).toContain('id="user-content-why"');
    expect(html).toContain('<h2 id="why">');
  });
});

describe('reading quality (issue 34)', () => {
  it("moves a body's # headings one level down: the page's h1 stays the title", async () => {
    const { html, toc } = await renderPost('# Introduction\n\nText.\n\n## Details\n\nMore.\n\n#### Deep');
    expect(html).not.toContain('<h1');
    expect(html).toMatch(/<h2 id="introduction">Introduction/);
    expect(html).toMatch(/<h3 id="details">Details/);
    expect(html).toContain('<h5>Deep</h5>');
    expect(toc).toEqual([
      { depth: 2, id: 'introduction', text: 'Introduction' },
      { depth: 3, id: 'details', text: 'Details' },
    ]);
    // Without a # heading nothing moves.
    expect((await renderPost('## Only a section\n\nText.')).html).toMatch(/^<h2 id="only-a-section">/);
  });

  it('links footnotes both ways with ids their links reach, and keeps their label out of the contents', async () => {
    const { html, toc } = await renderPost('A claim.[^src]\n\n[^src]: Where it comes from.');
    const ref = /<a href="#([^"]+)" id="([^"]+)" data-footnote-ref/.exec(html);
    expect(ref).not.toBeNull();
    expect(html).toContain(`<li id="${ref?.[1]}">`);
    expect(html).toContain(`href="#${ref?.[2]}" data-footnote-backref`);
    expect(html).toContain('<h2 class="sr-only" id="user-content-footnote-label">Footnotes</h2>');
    expect(toc).toEqual([]);
  });

  it('typesets inline and display math with KaTeX, as MathML and HTML', async () => {
    const html = await renderMarkdown('Energy: $E = mc^2$.\n\n$$\n\\int_0^1 x\\,dx\n$$');
    expect(html).toContain('<span class="katex">');
    expect(html).toContain('<annotation encoding="application/x-tex">E = mc^2</annotation>');
    expect(html).toContain('<math xmlns="http://www.w3.org/1998/Math/MathML" display="block">');
    expect(html).not.toContain('$E');
    // A command that reaches outside is not followed.
    // An operator under a limit: KaTeX nests it in <mi>, which MathML does not allow; it is an <mrow>.
    const argmin = await renderMarkdown('$$\n\\underset{\\beta}{\\operatorname{arg\\,min}} f(\\beta)\n$$');
    expect(argmin).toContain('<munder>');
    for (const token of ['mi', 'mo', 'mn']) {
      expect(argmin).not.toMatch(new RegExp(`<${token}(?: [^>]*)?>(?:(?!</${token}>)[\\s\\S])*?<m[a-z]`));
    }
    const outside = await renderMarkdown('$\\href{javascript:alert(1)}{x}$');
    expect(outside).not.toContain('<a ');
    expect(outside).not.toContain('href=');
  });

  it("turns GitHub's alerts into notes, [[toc]] into the contents and a lone video link into a card", async () => {
    const { html } = await renderPost(
      '> [!WARNING]\n> Unplug it first.\n\n[[toc]]\n\n## Tools\n\nText.\n\nhttps://www.youtube.com/watch?v=abc123\n\n[The talk](https://x.com/jordan/status/1)',
    );
    expect(html).toContain(
      '<aside class="callout callout-warning" role="note" aria-label="Warning"><p class="callout-title">Warning</p>',
    );
    expect(html).toContain('Unplug it first.');
    expect(html).not.toContain('[!WARNING]');
    expect(html).toContain('<nav class="post-toc" aria-label="Contents of this post">');
    expect(html).toContain('<a href="#tools">Tools</a>');
    expect(html).toMatch(
      /<p class="link-card"><a href="https:\/\/www\.youtube\.com\/watch\?v=abc123" rel="noopener noreferrer"><span class="link-card-site">YouTube<\/span>/,
    );
    expect(html).toContain(
      '<span class="link-card-site">X</span><span class="link-card-title">The talk</span>',
    );
    expect(html).not.toContain('<iframe');
  });

  it('puts each table in a region of its own that scrolls sideways and takes focus', async () => {
    const html = await renderMarkdown('| a | b |\n|---|---|\n| 1 | 2 |');
    expect(html).toMatch(
      /^<div class="table-scroll" role="region" tabindex="0" aria-label="Table 1"><table>/,
    );
  });
});
