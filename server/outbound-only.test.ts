/**
 * Every request the server makes goes out through server/lib/outbound.ts (issue 62, point 4): no
 * file under server/modules calls the global `fetch` (a bare `fetch(...)` with no `fetch` of its
 * own in scope, or `globalThis.fetch`), nor imports node:http, node:https or undici to make one.
 * Read with Babel's parser, so text in strings and comments (the analytics script a
 * page loads calls `fetch` in the browser) is not mistaken for code.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from './paths.ts';
import { type AstNode, nodes, parseSource } from './testing/ast.ts';

const MODULES = join(projectRoot, 'server/modules');
const CLIENT_PACKAGES = new Set([
  'node:http',
  'node:https',
  'http',
  'https',
  'undici',
  'node:http2',
  'http2',
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const isName = (node: unknown, name: string) =>
  (node as AstNode | undefined)?.type === 'Identifier' && (node as { name?: string }).name === name;
const textOf = (node: unknown) => (node as { value?: unknown } | undefined)?.value;

/** What in one file calls out by itself: `line: code` for each. */
function callsOut(fileName: string, text: string): string[] {
  const program = parseSource(fileName, text);
  const where = (node: AstNode) =>
    `${node.loc?.start.line}: ${text.slice(node.start ?? 0, node.end ?? 0).slice(0, 80)}`;
  const all = [...nodes(program)];
  // A `fetch` the file declares (a parameter, a variable, an import): an injected one, not the global.
  const ownFetch = all.some(
    (node) =>
      (isName(node, 'fetch') && node.typeAnnotation !== undefined) ||
      (['VariableDeclarator', 'FunctionDeclaration'].includes(node.type) && isName(node.id, 'fetch')) ||
      (['ImportSpecifier', 'ImportDefaultSpecifier'].includes(node.type) && isName(node.local, 'fetch')) ||
      (node.type === 'ObjectProperty' && isName(node.value, 'fetch') && node.shorthand === true),
  );
  const found: string[] = [];
  for (const node of all) {
    if (
      (node.type === 'ImportDeclaration' ||
        node.type === 'ExportNamedDeclaration' ||
        node.type === 'ExportAllDeclaration') &&
      node.importKind !== 'type' &&
      node.exportKind !== 'type' &&
      CLIENT_PACKAGES.has(String(textOf(node.source)))
    ) {
      found.push(where(node));
    }
    if (node.type === 'CallExpression' || node.type === 'OptionalCallExpression') {
      const callee = node.callee as AstNode;
      const [first] = node.arguments as AstNode[];
      if (callee.type === 'Import' && CLIENT_PACKAGES.has(String(textOf(first)))) found.push(where(node));
      const bare = isName(callee, 'fetch') && !ownFetch;
      const global =
        (callee.type === 'MemberExpression' || callee.type === 'OptionalMemberExpression') &&
        isName(callee.property, 'fetch') &&
        ['globalThis', 'window', 'self', 'global'].some((name) => isName(callee.object, name));
      if (bare || global) found.push(where(node));
    }
  }
  return found;
}

describe('calling out', () => {
  it('goes through the outbound module from every file under server/modules', () => {
    const files = sourceFiles(MODULES);
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.flatMap((file) =>
      callsOut(file, readFileSync(file, 'utf8')).map((at) => `${relative(projectRoot, file)}:${at}`),
    );
    expect(offenders).toEqual([]);
  });

  it('finds a global fetch, globalThis.fetch and a client package, and leaves an injected fetch alone', () => {
    expect(callsOut('a.ts', 'export const get = () => fetch("https://example.com/");')).toHaveLength(1);
    expect(callsOut('a.ts', 'await globalThis.fetch(url);')).toHaveLength(1);
    expect(callsOut('a.ts', "import { request } from 'node:https';")).toHaveLength(1);
    expect(callsOut('a.ts', "import { fetch } from 'undici';")).toHaveLength(1);
    expect(callsOut('a.ts', "const http = await import('node:http');")).toHaveLength(1);
    expect(callsOut('a.ts', "import type { IncomingMessage } from 'node:http';")).toEqual([]);
    expect(
      callsOut('a.ts', 'export function client(fetch: typeof globalThis.fetch) { return fetch("/x"); }'),
    ).toEqual([]);
    expect(
      callsOut('a.ts', 'const s = "fetch(url)"; federation.fetch(request); options.fetch(url);'),
    ).toEqual([]);
  });
});
