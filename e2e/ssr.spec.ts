/**
 * What a crawler or a link preview sees: the HTML as the server sends it,
 * before any script runs (no browser involved).
 */

import { expect, test } from '@playwright/test';
import { mf2 } from 'microformats-parser';
import { assertRecognised } from '../web/lib/router-markup.ts';
import { E2E_ADMIN } from './constants.ts';

/**
 * React Router 7.18's manifest, field by field (ADR 017): a new field means a new framework feature
 * the late start was not written for (a route's client middleware module, say), so this test fails
 * and the upgrade is looked at before it ships.
 */
const KNOWN_MANIFEST = {
  top: ['entry', 'routes', 'url', 'version'],
  entry: ['css', 'imports', 'module'],
  route: [
    'id',
    'parentId',
    'path',
    'index',
    'caseSensitive',
    'hasAction',
    'hasLoader',
    'hasClientAction',
    'hasClientLoader',
    'hasClientMiddleware',
    'hasDefaultExport',
    'hasErrorBoundary',
    'module',
    'clientActionModule',
    'clientLoaderModule',
    'clientMiddlewareModule',
    'hydrateFallbackModule',
    'imports',
    'css',
  ],
};

const decode = (text: string) =>
  text
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

function head(html: string) {
  const attr = (pattern: RegExp) => html.match(pattern)?.[1];
  return {
    title: attr(/<title>([^<]*)<\/title>/),
    description: attr(/<meta name="description" content="([^"]*)"/),
    canonical: attr(/<link rel="canonical" href="([^"]*)"/),
    ogTitle: attr(/<meta property="og:title" content="([^"]*)"/),
    ogImage: attr(/<meta property="og:image" content="([^"]*)"/),
    twitterCard: attr(/<meta name="twitter:card" content="([^"]*)"/),
    h1: decode(attr(/<h1[^>]*>(.*?)<\/h1>/)?.replace(/<[^>]+>/g, '') ?? ''),
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1] ?? 'null') as Record<string, unknown>,
    ),
  };
}

test.describe('server-rendered HTML', () => {
  test('the home page carries its heading, title, description, canonical, social tags and a Person', async ({
    request,
    baseURL,
  }) => {
    const response = await request.get('/');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/html');
    const html = await response.text();
    const page = head(html);
    // Bytes the home page's 10.5 KB budget does not carry twice (issue 44): the X card reads the
    // og: title, description and image (only its type and the image's alt are its own), links
    // carry no lazy-discovery mark (the route manifest is whole from the start), and the
    // repeated sentences are single text nodes.
    expect(html).not.toMatch(/twitter:(title|description|image")/);
    expect(html).not.toMatch(/<a\b[^>]*data-discover/);
    expect(html).not.toMatch(/ of <!-- -->|<!-- --> \(opens in a new tab\)|<!-- --> · <!-- -->/);
    expect(page.h1).toBe("Hello, I'm Jordan Ellis");
    expect(page.title).toBe('Jordan Ellis | Full-Stack Developer &amp; Entrepreneur');
    expect(page.description).toMatch(/^I build fast, dependable web applications/);
    expect(page.canonical).toBe(`${baseURL}/`);
    expect(page.ogTitle).toBe(page.title);
    // The page's own PNG card, which the server draws at that address.
    expect(page.ogImage).toMatch(new RegExp(`^${baseURL}/og/home\\.png\\?v=[0-9a-z]+$`));
    const image = await request.get(page.ogImage ?? '');
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    // A network that asks again with the ETag it holds gets 304 and no bytes.
    const etag = image.headers().etag ?? '';
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const again = await request.get(page.ogImage ?? '', { headers: { 'if-none-match': etag } });
    expect(again.status()).toBe(304);
    expect((await again.body()).length).toBe(0);
    expect(page.twitterCard).toBe('summary_large_image');
    // One block: the Person alone, or (once a client's testimonial is approved, which another
    // spec running beside this one does) a graph of the Person and the reviews of them.
    expect(page.jsonLd).toHaveLength(1);
    const [block] = page.jsonLd;
    const nodes = Array.isArray(block?.['@graph']) ? (block['@graph'] as Record<string, unknown>[]) : [block];
    expect(nodes[0]).toEqual(expect.objectContaining({ '@type': 'Person', name: 'Jordan Ellis' }));
    for (const node of nodes.slice(1)) expect(node?.['@type']).toBe('Review');
  });

  test('/blog lists the published posts in the HTML', async ({ request, baseURL }) => {
    const html = await (await request.get('/blog')).text();
    const page = head(html);
    expect(page.h1).toBe('Blog');
    expect(page.title).toBe('Blog | Jordan Ellis');
    expect(page.description).toBeTruthy();
    expect(page.canonical).toBe(`${baseURL}/blog`);
    expect(html).toContain('href="/blog/one-schema-form-to-database"');
  });

  test('/auth has its heading, title and canonical and is kept out of search results', async ({
    request,
    baseURL,
  }) => {
    const html = await (await request.get('/auth')).text();
    const page = head(html);
    expect(page.h1).toBe('Welcome back');
    expect(page.title).toBe('Sign in | Jordan Ellis');
    expect(page.description).toBeTruthy();
    expect(page.canonical).toBe(`${baseURL}/auth`);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    // GitHub sign-in is not set up on this server: the page offers it nowhere (issue 46).
    expect(html).not.toContain('href="/api/auth/github"');
    expect(html).toContain('id="login-form"');
  });

  test('a post carries its title, summary as description, canonical and a BlogPosting', async ({
    request,
    baseURL,
  }) => {
    const response = await request.get('/blog/one-schema-form-to-database');
    expect(response.status()).toBe(200);
    const page = head(await response.text());
    expect(page.h1).toBe('One Schema from Form to Database');
    expect(page.title).toBe('One Schema from Form to Database | Jordan Ellis');
    expect(page.description).toMatch(/^How a single TypeScript schema validates/);
    expect(page.canonical).toBe(`${baseURL}/blog/one-schema-form-to-database`);
    const [posting] = page.jsonLd;
    expect(posting).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'One Schema from Form to Database',
      // schema.org defines `logo` on an Organization, not on a Person (validators flag it there).
      publisher: { '@type': 'Organization', name: 'Jordan Ellis', logo: { width: 60, height: 60 } },
      author: { '@type': 'Person' },
    });
  });

  test('a post is an h-entry a Webmention receiver reads whole: name, address, author, date and words (issue 64)', async ({
    request,
    baseURL,
  }) => {
    const html = await (await request.get('/blog/one-schema-form-to-database')).text();
    const { items } = mf2(html, { baseUrl: `${baseURL}/blog/one-schema-form-to-database` });
    const entries = items.filter((item) => item.type?.includes('h-entry'));
    expect(entries).toHaveLength(1);
    const entry = entries[0]?.properties ?? {};
    expect(entry.name).toEqual(['One Schema from Form to Database']);
    expect(entry.url).toEqual([`${baseURL}/blog/one-schema-form-to-database`]);
    expect(entry.author).toHaveLength(1);
    expect(entry.published).toHaveLength(1);
    const [content] = (entry.content ?? []) as Array<{ value: string; html: string }>;
    expect(content?.value).toMatch(/^Most bugs I fix for clients live in the gaps between layers/);
  });

  test('a project carries a CreativeWork', async ({ request }) => {
    const page = head(await (await request.get('/projects/stackzen')).text());
    expect(page.h1).toBe('Stackzen');
    expect(page.jsonLd).toEqual([expect.objectContaining({ '@type': 'CreativeWork', name: 'Stackzen' })]);
  });

  test('an unknown path answers 404 with the not-found page', async ({ request }) => {
    const response = await request.get('/no/such/page');
    expect(response.status()).toBe(404);
    const html = await response.text();
    expect(head(html).h1).toBe('404 Page Not Found');
    expect(html).toContain('Did you forget to add the page to the router?');
  });

  test('a missing post and a missing project answer 404', async ({ request }) => {
    const post = await request.get('/blog/no-such-post');
    expect(post.status()).toBe(404);
    expect(await post.text()).toContain('Post Not Found');
    const project = await request.get('/projects/no-such-project');
    expect(project.status()).toBe(404);
    expect(await project.text()).toContain('Project Not Found');
  });

  test('a page that is not there names no canonical or og:url of its own, and its share image exists', async ({
    request,
    baseURL,
  }) => {
    for (const path of [
      '/this-page-does-not-exist',
      '/blog/no-such-post',
      '/projects/no-such-project',
      '/blog?page=abc',
    ]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      const html = await response.text();
      const page = head(html);
      expect(page.canonical, path).toBeUndefined();
      expect(html, path).not.toContain('property="og:url"');
      expect(html, path).toContain('<meta name="robots" content="noindex"/>');
      // The site's own card, not /og/<missing page>.png (a 404 for every validator that follows it).
      expect(page.ogImage, path).toMatch(new RegExp(`^${baseURL}/og/home\\.png\\?v=[0-9a-z]+$`));
      const image = await request.get(page.ogImage ?? '');
      expect(image.status(), path).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
    }
  });

  test('a blog page past the last one, or not a page number, is a 404 kept out of search results', async ({
    request,
  }) => {
    const list = await (await request.get('/api/blog-list')).json();
    for (const page of ['abc', '0', '-1', '2.5', String(list.pageCount + 1), '99999']) {
      const response = await request.get(`/blog?page=${page}`);
      expect(response.status(), `?page=${page}`).toBe(404);
      const html = await response.text();
      expect(head(html).h1, `?page=${page}`).toBe('404 Page Not Found');
      expect(html).toContain('<meta name="robots" content="noindex"/>');
      expect(html).not.toContain('No blog posts available yet');
    }
    for (const page of ['1', String(list.pageCount)]) {
      expect((await request.get(`/blog?page=${page}`)).status(), `?page=${page}`).toBe(200);
    }
  });

  test('unknown API paths stay JSON 404s', async ({ request }) => {
    const response = await request.get('/api/nothing-here');
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not found' });
  });

  test('robots.txt and sitemap.xml are served', async ({ request, baseURL }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.headers()['content-type']).toContain('application/xml');
    const xml = await sitemap.text();
    expect(xml).toContain(`<loc>${baseURL}/blog/one-schema-form-to-database</loc>`);
    expect(xml).toContain(`<loc>${baseURL}/projects/keycode-help</loc>`);
  });

  test('the favicon, the touch icon and the web app manifest with its icons are served', async ({
    request,
  }) => {
    const html = await (await request.get('/')).text();
    for (const link of ['rel="icon" href="/favicon.ico"', 'rel="apple-touch-icon"', 'rel="manifest"']) {
      expect(html).toContain(link);
    }
    const favicon = await request.get('/favicon.ico');
    expect(favicon.status()).toBe(200);
    // An ICO file: reserved 0, type 1 (icon), then how many images it holds.
    const ico = await favicon.body();
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 3]);
    expect((await request.get('/apple-touch-icon.png')).headers()['content-type']).toBe('image/png');
    const manifest = await request.get('/manifest.webmanifest');
    expect(manifest.headers()['content-type']).toContain('application/manifest+json');
    const body = (await manifest.json()) as { name: string; theme_color: string; icons: { src: string }[] };
    expect(body.name).toBe('Jordan Ellis | Full-Stack Developer & Entrepreneur');
    expect(body.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    for (const icon of body.icons) expect((await request.get(`/${icon.src}`)).status(), icon.src).toBe(200);
  });

  test('an island page waits for no stylesheet, another for the stylesheet alone; a public page names no script or module and carries no data, and starts them after its paint', async ({
    request,
    playwright,
    baseURL,
  }) => {
    // A visitor's home, blog list, post and project are islands (ADR 023): no React Router script
    // at all, the islands' state as JSON, and their starter, which fetches the code after the paint.
    for (const path of ['/', '/blog', '/blog/one-schema-form-to-database', '/projects/keycode-help']) {
      const html = await (await request.get(path)).text();
      const head = html.slice(0, html.indexOf('</head>'));
      // Its first paint's rules are in its head; the stylesheet is named after its content for a
      // browser without scripting, and fetched by the starter with the code, applied when needed
      // (ADR 029): its late copy, without the faces the head declares.
      expect(head, path).not.toMatch(/<link rel="stylesheet"/);
      expect(head, path).toMatch(/<style>@layer properties\{/);
      expect(html, path).toMatch(
        /<noscript><link rel="stylesheet" href="\/assets\/app-[\w-]+\.late\.css" fetchPriority="low"\/><\/noscript><\/body>/,
      );
      expect(html, path).not.toMatch(/<link[^>]*modulepreload/);
      expect(
        [...html.matchAll(/<script\b[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1]),
        path,
      ).toEqual([]);
      expect(html, path).not.toContain('__reactRouter');
      expect(html, path).toMatch(/<script type="application\/json" id="island-page">\{"url":/);
      expect(html, path).toMatch(
        /<script>\(function startIslands\([^<]+\)\("\/assets\/entry\.client-[\w-]+\.js","\/assets\/app-[\w-]+\.late\.css",/,
      );
      expect(html, path).toContain('class="island" data-island=');
      // Two scripts the browser runs, two hashes in the CSP: the head's (theme, view counter) and
      // the starter; and no demo site may be asked but one the page names (a project's).
      expect(html.match(/<script>/g), path).toHaveLength(2);
      const csp = (await request.get(path)).headers()['content-security-policy'] ?? '';
      expect(csp.match(/'sha256-/g), path).toHaveLength(2);
      const demos = /connect-src ([^;]*)/.exec(csp)?.[1]?.split(' ').slice(1) ?? [];
      for (const origin of demos) expect(html, path).toContain(origin);
      // The starter minified by the build (scripts/inline-script.ts): its own names one letter long.
      expect(html, path).toMatch(
        /<script>\(function startIslands\(\w,\w,\w,\w,\w,\w,\w\)\{let \w=null;const \w=\(\)=>\{if\(\w\)return \w;/,
      );
      // Its code stands in for blocked storage itself (web/entry.client.tsx): the head leaves it out.
      expect(head, path).toMatch(/<script>\(function\(\)\{var k="portfolio-theme"/);
      expect(head, path).not.toContain('keepBlockedStorageInMemory');
    }
    // 'Book a call' is rendered for each request (its free times change), with a nonce, but held all the same.
    for (const path of ['/resume', '/book-a-call']) {
      const html = await (await request.get(path)).text();
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head.search(/<link rel="stylesheet"/), path).toBeGreaterThan(0);
      // Its router reads storage before its code runs: the stand-in for blocked storage is first.
      expect(head, path).toMatch(/<script( nonce="[^"]+")?>\(function keepBlockedStorageInMemory\(/);
      // Any other public page's code and data come after the first paint (ADR 017): nothing is
      // preloaded, no script file is named, React Router's module script is held as data, and the
      // data is fetched then.
      expect(html, path).not.toMatch(/<link[^>]*modulepreload/);
      expect(
        [...html.matchAll(/<script\b[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1]),
        path,
      ).toEqual([]);
      expect(html, path).toMatch(
        /<script( nonce="[^"]+")? type="application\/x-held-module">import "\/assets\/manifest-[\w-]+\.js";[^<]*<\/script><script\1>\(function startHeldScripts/,
      );
      expect(html, path).not.toContain('<script>window.__reactRouterContext.streamController');
      const data = html.match(/"(\/_hydration\/[\w-]{22}\?path=[^"]+)"/)?.[1] ?? '';
      const state = await request.get(data);
      expect(state.status(), path).toBe(200);
      expect(state.headers()['cache-control'], path).toBe('public, max-age=31536000, immutable');
      expect(await state.text(), path).toContain('loaderData');
    }
    // Signed in, the page is live at once: its modules are preloaded after the stylesheet, at low priority.
    const owner = await playwright.request.newContext({ baseURL });
    expect((await owner.post('/api/login', { data: E2E_ADMIN })).status()).toBe(200);
    const html = await (await owner.get('/')).text();
    const head = html.slice(0, html.indexOf('</head>'));
    const preloads = [...head.matchAll(/<link rel="modulepreload"[^>]*>/g)];
    expect(preloads.length).toBeGreaterThan(5);
    expect(head.search(/<link rel="stylesheet"/)).toBeLessThan(preloads[0]?.index ?? 0);
    for (const [link] of preloads) expect(link).toContain('fetchpriority="low"');
    await owner.dispose();
  });

  test("React Router's output is what the late start knows, on every kind of page, and so is its manifest", async ({
    playwright,
    baseURL,
  }) => {
    // A page rendered for one visitor keeps React Router's markup as it is: read it as it comes.
    const owner = await playwright.request.newContext({ baseURL });
    expect((await owner.post('/api/login', { data: E2E_ADMIN })).status()).toBe(200);
    let manifest = '';
    for (const path of [
      '/',
      '/blog',
      '/blog/one-schema-form-to-database',
      '/projects/keycode-help',
      '/admin/blog',
      '/no-such-page',
    ]) {
      const html = (await (await owner.get(path)).text()).replace(/ fetchpriority="low"/g, '');
      expect(() => assertRecognised(html), path).not.toThrow();
      manifest ||= html.match(/import "(\/assets\/manifest-[\w-]+\.js)"/)?.[1] ?? '';
    }
    await owner.dispose();
    const text = await (await playwright.request.newContext({ baseURL })).get(manifest).then((r) => r.text());
    const routes = JSON.parse(text.replace(/^window\.__reactRouterManifest=/, '').replace(/;\s*$/, '')) as {
      entry: Record<string, unknown>;
      routes: Record<string, Record<string, unknown>>;
    } & Record<string, unknown>;
    expect(Object.keys(routes).sort()).toEqual(KNOWN_MANIFEST.top);
    expect(Object.keys(routes.entry).sort()).toEqual(KNOWN_MANIFEST.entry);
    for (const [id, route] of Object.entries(routes.routes)) {
      for (const field of Object.keys(route))
        expect(KNOWN_MANIFEST.route, `${id}: ${field}`).toContain(field);
    }
  });

  test('the self-hosted fonts are small, cached a year, named from the first paint and swapped in without a wait', async ({
    request,
  }) => {
    const html = await (await request.get('/')).text();
    const head = html.slice(0, html.indexOf('</head>'));
    // The whole stylesheet, as a page hydrated whole links it (the home page names its late copy).
    const css = await (
      await request.get(
        html.match(/<link rel="stylesheet" href="([^"]+)"/)?.[1]?.replace(/\.late\.css$/, '.css') ?? '',
      )
    ).text();
    // The home page's first paint has both faces' rules (ADR 029): its head names them.
    const firstPaint = head.match(/<style>(.*?)<\/style>/s)?.[1] ?? '';
    expect(
      [...firstPaint.matchAll(/url\((\/assets\/[\w-]+)-[\w-]{8}\.woff2\)/g)].map((match) => match[1]).sort(),
    ).toEqual(['/assets/instrument-sans-latin-wght-normal', '/assets/space-grotesk-latin-wght-normal']);
    const fonts = [...css.matchAll(/url\((\/assets\/[\w-]+\.woff2)\)/g)].map((match) => match[1] ?? '');
    expect(fonts.map((font) => font.replace(/-[\w-]{8}\.woff2$/, '')).sort()).toEqual([
      '/assets/instrument-sans-latin-wght-normal',
      '/assets/space-grotesk-latin-wght-normal',
    ]);
    // The text paints at once in the metric-matched fallbacks and takes each face when it comes
    // (ADR 026); nothing asks for them before the stylesheet has come (no preload beside it).
    expect(css.match(/font-display:\s*swap/g)).toHaveLength(2);
    expect(head).not.toMatch(/<link[^>]*\.woff2/);
    const uses = [...css.matchAll(/([^{}]*)\{[^{}]*"?(?:Space Grotesk|Instrument Sans) Variable"?[^{}]*\}/g)]
      .map((match) => (match[1] ?? '').trim())
      .filter((selector) => selector !== '@font-face');
    // Named in the rules that set text (not through a custom property), where a page's critical
    // CSS sees them (ADR 029).
    expect(uses).toEqual([':root,:host', 'body', 'h1,h2,h3,h4', '.font-display']);
    for (const font of fonts) {
      const response = await request.get(font);
      expect(response.status(), font).toBe(200);
      expect(response.headers()['content-type'], font).toBe('font/woff2');
      expect(response.headers()['cache-control'], font).toBe('public, max-age=31536000, immutable');
      expect((await response.body()).length, font).toBeLessThan(24_000);
    }
    // Each has a fallback scaled to its width at every weight the site sets text in, a local regular
    // face up to 500 and a bold one from 600: the text before the swap takes the room it takes after.
    const fallbacks = (family: string) =>
      [
        ...css.matchAll(
          /@font-face\{font-family:"?([\w ]+) Fallback"?;font-weight:(\d+);src:local\(([^)]+)\)/g,
        ),
      ]
        .filter((match) => match[1] === family)
        .map((match) => `${match[2]} ${match[3]?.replaceAll('"', '')}`);
    expect(fallbacks('Space Grotesk')).toEqual([
      '300 Arial',
      '400 Arial',
      '500 Arial',
      '600 Arial Bold',
      '700 Arial Bold',
    ]);
    expect(fallbacks('Instrument Sans')).toEqual([
      '400 Arial',
      '500 Arial',
      '600 Arial Bold',
      '700 Arial Bold',
    ]);
  });

  test('pages are compressed; hashed assets are cached for a year and served precompressed', async ({
    request,
  }) => {
    const page = await request.get('/', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(page.headers()['content-encoding']).toMatch(/br|gzip/);
    // A visitor without a session gets the cached page: its inline scripts are allowed by hash.
    expect(page.headers()['content-security-policy']).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+;/);
    expect(page.headers()['x-page-cache']).toMatch(/^(hit|miss)$/);
    const html = await page.text();
    // The client entry, as React Router's manifest (named by the page) names it.
    const manifest = await (await request.get(html.match(/data-manifest="([^"]+)"/)?.[1] ?? '')).text();
    const asset = manifest.match(/"(\/assets\/entry\.client-[^"]+\.js)"/)?.[1];
    expect(asset).toBeTruthy();
    const response = await request.get(asset ?? '', { headers: { 'accept-encoding': 'br' } });
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers()['content-encoding']).toBe('br');
  });
});
