/**
 * ADR 022: the query cache is not the root's. The pages that read through TanStack Query sit in
 * routes.ts's with-queries layout (or open a QueryScope of their own, as the home page's
 * endorsement dialog does), and the shell every page runs, the home page and a post load no query
 * library at all: that is what brought the home page's first 10 s of JavaScript under 150 KB
 * (`bench:bundle`). Checked over the source, so that a new read through the cache outside a scope
 * fails here rather than as "No QueryClient set" on a page no test opened.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import routes from '../routes.ts';

const ROOT = join(dirname(new URL(import.meta.url).pathname), '..', '..');
// Static imports and re-exports (`import type` is erased by the build).
const STATIC = /^\s*(?:import|export)\s(?!type\s)(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]/gm;
// import() of a string: a lazy component renders inside the page that loads it.
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

interface Walk {
  files: Set<string>;
  packages: Map<string, string>;
}

/**
 * What `entry` reaches: its project files and the packages they name (with the first file that
 * names each). With `dynamic`, import() is followed too; a file that opens a QueryScope ends the
 * walk there, since what it renders has the cache.
 */
function walk(entry: string, { dynamic }: { dynamic: boolean }): Walk {
  const files = new Set<string>();
  const packages = new Map<string, string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const text = readFileSync(join(ROOT, file), 'utf8');
    if (dynamic && file !== 'web/lib/query-scope.tsx' && /<QueryScope\b/.test(text)) return;
    const specifiers = [...text.matchAll(STATIC)].map((match) => match[1] ?? '');
    if (dynamic) specifiers.push(...[...text.matchAll(DYNAMIC)].map((match) => match[1] ?? ''));
    for (const specifier of specifiers) {
      if (!specifier.startsWith('.')) {
        if (!packages.has(specifier)) packages.set(specifier, file);
        continue;
      }
      const target = normalize(join(dirname(file), specifier));
      if (existsSync(join(ROOT, target))) visit(target);
    }
  };
  visit(entry);
  return { files, packages };
}

const queryPackages = (reached: Walk) =>
  [...reached.packages]
    .filter(([name]) => name.startsWith('@tanstack/'))
    .map(([name, by]) => `${by} -> ${name}`);

type Entry = { file: string; children?: Entry[] };
const LAYOUT = 'routes/with-queries.tsx';
/** The route files outside the with-queries layout (the root's direct children and theirs). */
function routesOutsideTheLayout(entries: readonly Entry[]): string[] {
  return entries.flatMap((entry) =>
    entry.file === LAYOUT ? [] : [entry.file, ...routesOutsideTheLayout(entry.children ?? [])],
  );
}

describe("the query cache is a page's own (ADR 022)", () => {
  it('the shell, the home page and a post load no query library', () => {
    for (const entry of ['web/root.tsx', 'web/routes/home.tsx', 'web/routes/blog-post.tsx']) {
      const reached = walk(entry, { dynamic: false });
      // The walk sees the page as it is: its features and the router.
      expect(reached.packages.has('react-router'), entry).toBe(true);
      expect(queryPackages(reached), entry).toEqual([]);
    }
  });

  it('every page outside the with-queries layout reads through the cache only inside a QueryScope', () => {
    const outside = routesOutsideTheLayout(routes as Entry[]);
    expect(outside).toContain('routes/home.tsx');
    expect(outside).not.toContain('routes/blog.tsx');
    const wrong = outside.flatMap((file) => queryPackages(walk(`web/${file}`, { dynamic: true })));
    expect(wrong).toEqual([]);
    // The home page's endorsement dialog reads a skill's endorsements in a scope of its own.
    const home = walk('web/routes/home.tsx', { dynamic: true });
    expect(home.files).toContain('web/features/skills/endorse-dialog.tsx');
    expect(readFileSync(join(ROOT, 'web/features/skills/endorse-dialog.tsx'), 'utf8')).toMatch(
      /<QueryScope>/,
    );
  });

  it('the layout opens the scope its pages read in', () => {
    expect(readFileSync(join(ROOT, 'web', LAYOUT), 'utf8')).toMatch(/<QueryScope>\s*<Outlet \/>/);
    const inside = (routes as Entry[]).find((entry) => entry.file === LAYOUT)?.children ?? [];
    expect(inside.map((entry) => entry.file)).toEqual(
      expect.arrayContaining(['routes/blog.tsx', 'routes/project.tsx', 'routes/admin-blog.tsx']),
    );
  });

  it('catches a read through the cache outside a scope', () => {
    // The walk follows what the checks rely on: a lazy import that reaches the library is found.
    const reached = walk('web/features/skills/skills-section.tsx', { dynamic: false });
    expect(queryPackages(reached)).toEqual([]);
    const endorseForm = walk('web/features/skills/endorse-form.tsx', { dynamic: true });
    expect(queryPackages(endorseForm)).toEqual([
      'web/features/skills/endorse-form.tsx -> @tanstack/react-query',
    ]);
  });
});
