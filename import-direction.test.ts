/**
 * ADR 001's import rules, checked over every source file instead of in review:
 * `common` <- `content` <- `server` and `web`, which never import each other;
 * inside the server, `lib` and `db` import no module or plugin, and a module
 * reaches another module only through its `service.ts`. ADR 015: each domain's owner routes
 * live in its own folder and are guarded once, by the admin scope; a web feature reaches another
 * only through its api.ts (or the shared layout, preferences and dashboard kit), web/lib and
 * web/ui import no feature, and only api.ts files talk to the API.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = dirname(new URL(import.meta.url).pathname);
const LAYERS = ['common', 'content', 'server', 'web'] as const;

// Static imports and re-exports, side-effect imports and dynamic import() of a string.
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

/** The project files a source file imports (relative specifiers only; packages are not ours). */
function importsOf(file: string, text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[1] ?? '';
    if (specifier.startsWith('.')) found.push(normalize(join(dirname(file), specifier)));
  }
  return found;
}

const layerOf = (path: string) => path.split('/')[0] ?? '';
const moduleOf = (path: string) => /^server\/modules\/([^/]+)\//.exec(path)?.[1];
const isTest = (path: string) => /\.test\.tsx?$/.test(path);

const featureOf = (path: string) => /^web\/features\/([^/]+)\//.exec(path)?.[1];
// The frame every page shares (header, footer, who is signed in), the visitor's preferences, and
// the dashboard's kit (navigation, list and table primitives, summary): any feature may use them.
const SHARED_FEATURES = new Set(['layout', 'preferences', 'admin']);

/** What `from` may not import: one message per broken rule, empty when the import is allowed. */
function brokenRule(from: string, to: string): string | null {
  const source = layerOf(from);
  const target = layerOf(to);
  if (source === 'common' && target !== 'common') {
    // A test of a pure helper may run it over the owner's real content.
    if (!(isTest(from) && target === 'content')) return 'common imports nothing of the project';
  }
  if (source === 'content' && target !== 'common' && target !== 'content') {
    return 'content imports only common';
  }
  if (source === 'web' && target === 'server') return 'web never imports server';
  if (source === 'server' && target === 'web') return 'server never imports web';
  if (/^server\/(lib|db)\//.test(from) && /^server\/(modules|plugins)\//.test(to)) {
    return 'server/lib and server/db import no module or plugin';
  }
  const fromFeature = featureOf(from);
  const toFeature = featureOf(to);
  if (
    fromFeature &&
    toFeature &&
    fromFeature !== toFeature &&
    !SHARED_FEATURES.has(toFeature) &&
    !/\/(?:[a-z-]+-)?api\.ts$/.test(to)
  ) {
    return `another feature is reached through its api.ts, not ${to}`;
  }
  if (/^web\/(lib|ui)\//.test(from) && toFeature) return 'web/lib and web/ui import no feature';
  const fromModule = moduleOf(from);
  const toModule = moduleOf(to);
  if (fromModule && toModule && fromModule !== toModule && !to.endsWith(`modules/${toModule}/service.ts`)) {
    return `another module is reached through its service.ts, not ${to}`;
  }
  return null;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
    .filter((path) => !path.split('/').includes('+types'));
}

// Which domain each owner path belongs to (its first segment after /api/admin/).
const ADMIN_PATH_OWNERS: Record<string, string> = {
  posts: 'blog',
  'post-tags': 'blog',
  tags: 'blog',
  'markdown-preview': 'blog',
  comments: 'comments',
  contributions: 'contributions',
  quotes: 'contact',
  contacts: 'contact',
  inbox: 'contact',
  pipeline: 'contact',
  'resume-requests': 'resume',
  endorsements: 'skills',
  outbox: 'notifications',
  newsletter: 'newsletter',
  testimonials: 'testimonials',
  'booking-settings': 'booking',
  'booking-calendars': 'booking',
  'call-types': 'booking',
  bookings: 'booking',
  analytics: 'analytics',
  backups: 'backup',
  security: 'auth',
  fediverse: 'fediverse',
  mentions: 'webmention',
  summary: 'admin',
};
const ROUTE = /\.(?:get|post|put|patch|delete)\(\s*['`](\/api\/admin\/[^'`]*)['`]/g;

/** Where an owner route may not be written: one message per route outside its domain's folder. */
function misplacedAdminRoutes(file: string, text: string): string[] {
  const wrong: string[] = [];
  for (const match of text.matchAll(ROUTE)) {
    const path = match[1] ?? '';
    const owner = ADMIN_PATH_OWNERS[path.split('/')[3] ?? ''];
    if (!owner) wrong.push(`${file}: ${path} belongs to no domain (add it to ADMIN_PATH_OWNERS)`);
    else if (moduleOf(file) !== owner) wrong.push(`${file}: ${path} belongs in server/modules/${owner}/`);
  }
  // One guard for the whole admin scope: a route guarding itself is a second way of doing it.
  if (
    /\brequireAdmin\b/.test(text) &&
    !['server/plugins/session.ts', 'server/modules/admin/module.ts'].includes(file)
  ) {
    wrong.push(`${file}: requireAdmin is applied once, by the admin scope (server/modules/admin/module.ts)`);
  }
  return wrong;
}

/** Where a web file talks to the API itself instead of through its feature's api.ts. */
function dataAccessOutsideApi(file: string, text: string): string[] {
  if (!file.startsWith('web/') || isTest(file) || /(?:^|\/|-)api\.ts$/.test(file)) return [];
  const wrong: string[] = [];
  const code = text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
  if (/['"`]\/api\//.test(code)) wrong.push(`${file}: an /api/ address outside an api.ts`);
  if (file.endsWith('.tsx') && /\b(?:useQuery|useSuspenseQuery|apiRequest)\b/.test(code)) {
    wrong.push(`${file}: a component reads or writes the API itself (use its feature's api.ts)`);
  }
  return wrong;
}

/**
 * ADR 018: a form's one write path is its route action, the dashboard's row buttons included. A
 * `useMutation` is left only for adding a passkey (only the page's code can start the browser's
 * prompt); a component never reads a page's HTML to find an answer.
 */
const ONE_CLICK_MUTATIONS = ['web/features/auth/passkeys.tsx'];

/** Where a web file writes outside the one write path: one message per way. */
function secondWritePaths(file: string, text: string): string[] {
  if (!file.startsWith('web/') || isTest(file)) return [];
  const code = text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
  const wrong: string[] = [];
  if (/\buseMutation\s*\(/.test(code) && !ONE_CLICK_MUTATIONS.includes(file)) {
    wrong.push(`${file}: a form writes through its route action (useRouteForm), not useMutation`);
  }
  if (/<\w+\.Form\b/.test(code) && file !== 'web/ui/page-form.tsx') {
    wrong.push(
      `${file}: a page's form is a PageForm (web/ui/page-form.tsx), not a fetcher's Form of its own`,
    );
  }
  if (/\bDOMParser\b|\.text\(\)[\s\S]{0,80}<form|parseFromString/.test(code)) {
    wrong.push(`${file}: an answer comes back as the action's data, never read from a page's HTML`);
  }
  return wrong;
}

/** Where a server file sends mail other than through server/lib/mail.ts's one transport. */
function secondMailTransports(file: string, text: string): string[] {
  if (file === 'server/lib/mail.ts' || isTest(file)) return [];
  const code = text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
  return /from\s*['"]nodemailer['"]|\bcreateTransport\s*\(/.test(code)
    ? [`${file}: mail goes through server/lib/mail.ts (one transport, one queue), not a transport of its own`]
    : [];
}

describe('one write path per form and one mail transport (issue 44, ADR 018)', () => {
  it('holds for every source file', () => {
    const files = [
      ...sourceFiles('web'),
      ...sourceFiles('server'),
      ...sourceFiles('bench'),
      ...sourceFiles('scripts'),
    ];
    const wrong = files.flatMap((file) => {
      const text = readFileSync(join(ROOT, file), 'utf8');
      return [...secondWritePaths(file, text), ...secondMailTransports(file, text)];
    });
    expect(wrong).toEqual([]);
    // The list only shrinks: a file that no longer needs its mutation is taken off it.
    const stale = ONE_CLICK_MUTATIONS.filter(
      (file) => !/\buseMutation\s*\(/.test(readFileSync(join(ROOT, file), 'utf8')),
    );
    expect(stale).toEqual([]);
    expect(ONE_CLICK_MUTATIONS.length).toBeLessThanOrEqual(1);
  });

  it('catches a form written through useMutation, a page read for its answer, and a second transport', () => {
    expect(
      secondWritePaths(
        'web/features/contact/quote-form.tsx',
        'const send = useMutation({ mutationFn: (body) => sendQuote(body) });',
      ),
    ).toEqual([
      'web/features/contact/quote-form.tsx: a form writes through its route action (useRouteForm), not useMutation',
    ]);
    expect(secondWritePaths('web/features/auth/passkeys.tsx', 'useMutation({ mutationFn: run })')).toEqual(
      [],
    );
    expect(
      secondWritePaths('web/features/contact/inbox.tsx', '<update.Form ref={update.formRef} method="post">'),
    ).toEqual([
      "web/features/contact/inbox.tsx: a page's form is a PageForm (web/ui/page-form.tsx), not a fetcher's Form of its own",
    ]);
    expect(
      secondWritePaths(
        'web/lib/use-post-form.ts',
        'const doc = new DOMParser().parseFromString(html, "text/html");',
      ),
    ).toEqual([
      "web/lib/use-post-form.ts: an answer comes back as the action's data, never read from a page's HTML",
    ]);
    expect(
      secondMailTransports(
        'server/modules/newsletter/module.ts',
        "import nodemailer from 'nodemailer';\nconst t = nodemailer.createTransport(url);",
      ),
    ).toEqual([
      'server/modules/newsletter/module.ts: mail goes through server/lib/mail.ts (one transport, one queue), not a transport of its own',
    ]);
    expect(secondMailTransports('server/lib/mail.ts', "import nodemailer from 'nodemailer';")).toEqual([]);
  });
});

/**
 * Where a browser may run `zod` itself instead of through common/schemas/zod.ts, which turns off its
 * JIT there: zod 4 probes `new Function`, which the pages' CSP refuses and reports.
 */
function zodOutsideItsDoor(file: string, text: string): string[] {
  if (file === 'common/schemas/zod.ts' || isTest(file) || !/^(common|web)\//.test(file)) return [];
  return /^import\s+(?!type\b)[^;]*from\s*['"]zod['"]/m.test(text)
    ? [`${file}: zod is imported from common/schemas/zod.ts, which runs it without eval in a browser`]
    : [];
}

describe('zod in the browser (a CSP without eval)', () => {
  it('comes through common/schemas/zod.ts in every common and web file', () => {
    const wrong = [...sourceFiles('common'), ...sourceFiles('web')].flatMap((file) =>
      zodOutsideItsDoor(file, readFileSync(join(ROOT, file), 'utf8')),
    );
    expect(wrong).toEqual([]);
  });

  it('catches a value import of zod, not a type import or the door itself', () => {
    expect(zodOutsideItsDoor('web/routes/x.tsx', "import { z } from 'zod';")).toHaveLength(1);
    expect(zodOutsideItsDoor('common/schemas/x.ts', 'import { z, type ZodType } from "zod";')).toHaveLength(
      1,
    );
    expect(zodOutsideItsDoor('web/routes/x.tsx', "import type { ZodType } from 'zod';")).toEqual([]);
    expect(zodOutsideItsDoor('common/schemas/zod.ts', "import { z } from 'zod';")).toEqual([]);
    expect(zodOutsideItsDoor('server/x.ts', "import { z } from 'zod';")).toEqual([]);
  });
});

describe('import direction (ADR 001)', () => {
  it('holds for every source file', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const layer of LAYERS) {
      for (const file of sourceFiles(layer)) {
        for (const target of importsOf(file, readFileSync(join(ROOT, file), 'utf8'))) {
          checked++;
          const rule = brokenRule(file, target);
          if (rule) broken.push(`${file} -> ${target}: ${rule}`);
        }
      }
    }
    expect(broken).toEqual([]);
    // The scan saw the project's imports, not an empty folder.
    expect(checked).toBeGreaterThan(500);
  });

  it("keeps each domain's owner routes in its own folder, under the one guard", () => {
    const wrong = sourceFiles('server')
      .filter((file) => !isTest(file))
      .flatMap((file) => misplacedAdminRoutes(file, readFileSync(join(ROOT, file), 'utf8')));
    expect(wrong).toEqual([]);
    expect(
      misplacedAdminRoutes('server/modules/admin/module.ts', "app.get('/api/admin/pipeline', h)"),
    ).toEqual(['server/modules/admin/module.ts: /api/admin/pipeline belongs in server/modules/contact/']);
    expect(misplacedAdminRoutes('server/app.ts', "app.delete('/api/admin/posts/:id', h)")).toEqual([
      'server/app.ts: /api/admin/posts/:id belongs in server/modules/blog/',
    ]);
    expect(
      misplacedAdminRoutes('server/modules/backup/admin-routes.ts', '{ onRequest: requireAdmin }'),
    ).toEqual([
      'server/modules/backup/admin-routes.ts: requireAdmin is applied once, by the admin scope (server/modules/admin/module.ts)',
    ]);
    expect(
      misplacedAdminRoutes('server/modules/contact/admin-routes.ts', "app.get('/api/admin/inbox', h)"),
    ).toEqual([]);
  });

  it("reaches the API only through each feature's api.ts", () => {
    const wrong = sourceFiles('web').flatMap((file) =>
      dataAccessOutsideApi(file, readFileSync(join(ROOT, file), 'utf8')),
    );
    expect(wrong).toEqual([]);
    expect(
      dataAccessOutsideApi('web/features/contact/pipeline.tsx', 'const q = useQuery({ queryKey: [p] });'),
    ).toEqual([
      "web/features/contact/pipeline.tsx: a component reads or writes the API itself (use its feature's api.ts)",
    ]);
    expect(
      dataAccessOutsideApi('web/features/blog/reply-form.tsx', 'const p = `/api/admin/comments/` + id;'),
    ).toEqual(['web/features/blog/reply-form.tsx: an /api/ address outside an api.ts']);
    expect(dataAccessOutsideApi('web/features/blog/api.ts', "export const P = '/api/blog';")).toEqual([]);
  });

  it('catches each kind of wrong import', () => {
    const imports = (file: string, text: string) => importsOf(file, text).map((to) => brokenRule(file, to));
    expect(imports('common/text.ts', "import { projects } from '../content/projects.ts';")).toEqual([
      'common imports nothing of the project',
    ]);
    expect(imports('content/profile.ts', "import type { Db } from '../server/db/client.ts';")).toEqual([
      'content imports only common',
    ]);
    expect(imports('web/routes/blog.tsx', "const m = await import('../../server/app.ts');")).toEqual([
      'web never imports server',
    ]);
    expect(imports('server/app.ts', "export { x } from '../web/lib/paths.ts';")).toEqual([
      'server never imports web',
    ]);
    expect(imports('server/lib/cache.ts', "import '../modules/blog/service.ts';")).toEqual([
      'server/lib and server/db import no module or plugin',
    ]);
    expect(
      imports('web/features/resume/resume-request.tsx', "import { X } from '../contact/person-fields.tsx';"),
    ).toEqual(['another feature is reached through its api.ts, not web/features/contact/person-fields.tsx']);
    expect(imports('web/lib/form-token.tsx', "import { X } from '../features/blog/api.ts';")).toEqual([
      'web/lib and web/ui import no feature',
    ]);
    expect(
      imports('server/modules/admin/routes.ts', "import { BLOG_CACHE_PREFIX } from '../blog/routes.ts';"),
    ).toEqual(['another module is reached through its service.ts, not server/modules/blog/routes.ts']);
  });

  it('allows what the layers are for', () => {
    const allowed = [
      ['content/profile.ts', 'common/constants.ts'],
      ['web/routes/home.tsx', 'content/projects.ts'],
      ['server/app.ts', 'server/modules/blog/routes.ts'],
      ['server/modules/contributions/service.ts', 'server/modules/blog/service.ts'],
      ['server/modules/blog/routes.ts', 'server/modules/blog/service.ts'],
      ['server/plugins/session.ts', 'server/modules/auth/service.ts'],
      ['common/recommender.test.ts', 'content/projects.ts'],
      ['web/features/testimonials/testimonial-requests.tsx', 'web/features/contact/api.ts'],
      ['web/features/blog/blog-list.tsx', 'web/features/blog/list-api.ts'],
      ['web/features/contact/pipeline.tsx', 'web/features/admin/admin-list.tsx'],
      ['web/features/blog/comments.tsx', 'web/features/layout/auth-provider.tsx'],
    ];
    for (const [from, to] of allowed) expect(brokenRule(from ?? '', to ?? ''), `${from} -> ${to}`).toBeNull();
  });
});
