import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { type ComponentProps, createElement, useId } from 'react';
import { renderToString } from 'react-dom/server';
import { useActionData, useLocation, useRouteLoaderData, useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useRouteForm } from '../lib/route-form.tsx';
import type { RootData } from '../lib/site.ts';
import { PageForm } from '../ui/page-form.tsx';
import { type IslandPage, type IslandRoot, IslandsContext, island, islandRoot } from './island.tsx';
import { ISLAND_ATTRIBUTES } from './markers.ts';
import { islandBehaviours, islandModules } from './registry.ts';
import { RoutedIslandTree } from './routed.tsx';

const root: IslandRoot = {
  user: null,
  timeZone: 'America/New_York',
  site: {
    url: 'https://example.test',
    ownerName: 'Jordan Ellis',
    ownerTitle: 'Developer',
    description: '',
    image: '/me.svg',
    location: 'Atlanta',
    email: 'hello@example.test',
    analytics: false,
    staticCopy: false,
    imageGenerator: 'built-in',
    fediverse: null,
  },
};

/** What an island's component reads from React Router, as it would on a page hydrated whole. */
function Reader({ label }: { label: string }) {
  const id = useId();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const data = useRouteLoaderData('root') as RootData | undefined;
  const answer = useActionData() as { form: string } | undefined;
  return createElement(
    'p',
    { id },
    `${label} at ${pathname} done=${params.get('done')} by ${data?.site.ownerName} answer=${answer?.form ?? 'none'}`,
  );
}

const page = (extra: Partial<IslandPage> = {}): IslandPage => ({
  url: '/blog/a-post?done=comment',
  root,
  index: false,
  ...extra,
});

describe('an island’s tree', () => {
  it('reads the page’s address, the root’s data and a posted form’s answer through React Router’s hooks', () => {
    const html = renderToString(
      createElement(RoutedIslandTree<{ label: string }>, {
        Component: Reader,
        props: { label: 'Comments' },
        page: page({ answer: { form: 'comment' } }),
      }),
      { identifierPrefix: 'p1-' },
    );
    expect(html).toContain('Comments at /blog/a-post done=comment by Jordan Ellis answer=comment');
    // Ids carry the prefix the browser hydrates with.
    expect(html).toMatch(/<p id="_p1-[^"]+">/);
  });

  it('has the root’s data without what only the page’s shell reads (its footer’s links)', () => {
    const whole: RootData = {
      ...root,
      site: {
        ...root.site,
        socialLinks: [{ platform: 'GitHub', url: 'https://github.com/x', icon: 'github' }],
      },
    };
    expect(islandRoot(whole)).toEqual(root);
    expect(JSON.stringify(islandRoot(whole))).not.toContain('github.com');
  });

  it('is rendered at the home page too (an address with no path of its own)', () => {
    const html = renderToString(
      createElement(RoutedIslandTree<{ label: string }>, {
        Component: Reader,
        props: { label: 'Home' },
        page: page({ url: '/' }),
      }),
    );
    expect(html).toContain('Home at / done=null by Jordan Ellis answer=none');
  });
});

describe('island()', () => {
  const Marked = island('test-reader', Reader, { start: 'idle', parts: 'button[data-x]' });

  /** The island rendered on an island page; each id prefix it is rendered with goes into `prefixes`. */
  const onIslandPage = (Component: typeof Marked, props: { label: string }, prefixes: string[] = []) =>
    renderToString(
      createElement(
        IslandsContext.Provider,
        {
          value: {
            page: page(),
            entry: '/assets/entry.client.js',
            render: (tree, prefix) => {
              prefixes.push(prefix);
              return renderToString(tree, { identifierPrefix: prefix });
            },
            Routed: RoutedIslandTree,
          },
        },
        createElement(Component, props),
      ),
    );

  it('renders a marker with the island’s name, props, start and id prefix around its tree on an island page', () => {
    const rendered: string[] = [];
    const html = onIslandPage(Marked, { label: 'Share' }, rendered);
    const marker =
      /<div class="island" ([^>]+)>(.*)<\/div><script type="application\/json" data-props="">(.*)<\/script>$/.exec(
        html,
      );
    expect(marker).not.toBeNull();
    const attributes = marker?.[1] ?? '';
    expect(attributes).toContain(`${ISLAND_ATTRIBUTES.name}="test-reader"`);
    expect(attributes).not.toContain(ISLAND_ATTRIBUTES.props);
    expect(JSON.parse(marker?.[3] ?? '')).toEqual({ label: 'Share' });
    expect(attributes).toContain(`${ISLAND_ATTRIBUTES.start}="idle"`);
    expect(attributes).toContain(`${ISLAND_ATTRIBUTES.parts}="button[data-x]"`);
    expect(attributes).toContain(`${ISLAND_ATTRIBUTES.prefix}="${rendered[0]}"`);
    expect(marker?.[2]).toContain('Share at /blog/a-post');
  });

  it('writes props that hold a closing script tag so that they cannot end their script early', () => {
    const label = '</script><script>alert(1)</script>';
    const html = onIslandPage(Marked, { label });
    expect(html).not.toContain('<script>alert(1)');
    const json = /<script type="application\/json" data-props="">(.*)<\/script>$/.exec(html)?.[1] ?? '';
    expect(JSON.parse(json)).toEqual({ label });
  });

  it('renders an island that needs no React Router without one, and says so on its marker', () => {
    const Plain = ({ label }: { label: string }) => createElement('p', { id: useId() }, `${label}, plainly`);
    const routed: string[] = [];
    const html = renderToString(
      createElement(
        IslandsContext.Provider,
        {
          value: {
            page: page(),
            entry: '/assets/entry.client.js',
            render: (tree, prefix) => renderToString(tree, { identifierPrefix: prefix }),
            Routed: (props) => {
              routed.push('routed');
              return RoutedIslandTree(props);
            },
          },
        },
        createElement(island('test-plain', Plain, { router: false }), { label: 'Switch' }),
        createElement(Marked, { label: 'Share' }),
      ),
    );
    expect(html).toMatch(
      new RegExp(
        `<div class="island" [^>]*${ISLAND_ATTRIBUTES.routerless}=""[^>]*><p id="_[^"]+">Switch, plainly</p></div>`,
      ),
    );
    expect(html).toMatch(/<div class="island" (?:(?!data-routerless)[^>])*>.*Share at \/blog\/a-post/);
    expect(routed).toEqual(['routed']);
  });

  it('is its component, in place, on a page React Router hydrates whole', () => {
    const html = renderToString(
      createElement(RoutedIslandTree<{ label: string }>, {
        Component: Marked,
        props: { label: 'Inline' },
        page: page(),
      }),
    );
    expect(html).not.toContain('class="island"');
    expect(html).toContain('Inline at /blog/a-post');
  });
});

describe('the registry', () => {
  const webRoot = join(import.meta.dirname, '..');
  const sources = readdirSync(webRoot, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
  const named = new Map<string, string>();
  for (const file of sources) {
    for (const match of readFileSync(file, 'utf8').matchAll(/\bisland\(\s*'([^']+)'/g)) {
      named.set(match[1] ?? '', relative(webRoot, file));
    }
  }

  it('knows where every island’s code is, once, and holds no island nobody makes', () => {
    expect(named.size).toBeGreaterThan(10);
    const registered = [...Object.keys(islandModules), ...Object.keys(islandBehaviours)];
    expect(registered.sort()).toEqual([...named.keys()].sort());
  });

  it('brings no React Router with an island that says it needs none, nor with what it imports', () => {
    const routerless = [...named].filter(([name, file]) =>
      new RegExp(`\\bisland\\(\\s*'${name}',[^;]*\\brouter: false\\b`).test(
        readFileSync(join(webRoot, file), 'utf8'),
      ),
    );
    expect(routerless.map(([name]) => name).sort()).toEqual([
      'home-extras',
      'immersive-cursor',
      'skills',
      'view-mode',
    ]);
    for (const [name, file] of routerless) {
      const brought = importsOf(join(webRoot, file)).filter((module) => /^react-router\b/.test(module));
      expect(brought, name).toEqual([]);
    }
  });

  it('loads each island from the module that makes it, or a plain one that module starts too', () => {
    const registry = readFileSync(join(import.meta.dirname, 'registry.ts'), 'utf8');
    for (const [name, file] of named) {
      const line = new RegExp(`'?${name}'?: \\(\\) =>\\s*import\\('\\.\\./([^']+)'\\)`).exec(registry);
      const loaded = line?.[1] ?? '';
      if (name in islandModules) expect(loaded, name).toBe(file);
      else {
        // The component's module runs the same plain code on a page hydrated whole.
        const maker = readFileSync(join(webRoot, file), 'utf8');
        expect(maker, name).toContain(`from './${loaded.split('/').at(-1)}'`);
        expect(/from 'react'/.test(readFileSync(join(webRoot, loaded), 'utf8')), `${name} is plain`).toBe(
          false,
        );
      }
    }
  });
});

/**
 * Every module a module brings with it when it runs (its imports, not those on demand), followed
 * through the site's own files: the packages' names and the site's paths. Type-only imports are
 * left out. (What an island fetches later, a dialog under `WithRouter`, may bring React Router.)
 */
function importsOf(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const found: string[] = [];
  for (const [, typeOnly, specifier = ''] of readFileSync(file, 'utf8').matchAll(
    /^(?:import|export)\s+(type\s)?[^'";]*?from\s+'([^']+)'/gm,
  )) {
    if (typeOnly) continue;
    if (!specifier.startsWith('.')) {
      found.push(specifier);
      continue;
    }
    const path = join(file, '..', specifier.replace(/\?.*$/, ''));
    found.push(relative(join(import.meta.dirname, '../..'), path));
    if (/\.tsx?$/.test(path)) found.push(...importsOf(path, seen));
  }
  return found;
}

/** A form as the pages write one: its state named once, the form itself given only the state. */
function Resume() {
  const resume = useRouteForm('resume');
  // The children go as createElement's third argument; its props' type names them too.
  const props = { form: resume, 'aria-label': 'Resume request' } as ComponentProps<typeof PageForm>;
  return createElement(PageForm, props, createElement('input', { ...resume.field('email') }));
}

describe('a form in an island', () => {
  const rendered = (answer?: unknown) =>
    renderToString(
      createElement(RoutedIslandTree<object>, {
        Component: Resume,
        props: {},
        page: page({ url: '/resume', ...(answer ? { answer } : {}) }),
      }),
    );

  it('is posted under the name its state was given: the one name its answers come back by', () => {
    expect(rendered()).toContain('<input type="hidden" name="_form" value="resume"/>');
  });

  it('gets back what was typed from the answer for that name, and nothing from another form’s', () => {
    const answer = (form: string) => ({
      form,
      title: 'Check the form',
      message: 'Enter a valid email address',
      errors: { email: 'Enter a valid email address' },
      values: { email: 'dana@' },
    });
    expect(rendered(answer('resume'))).toContain('value="dana@"');
    expect(rendered(answer('quote'))).not.toContain('dana@');
  });
});
