/** Reading source files as code, for the tests that hold the code base to its rules (Babel's parser). */
import { parse } from '@babel/parser';

export interface AstNode {
  type: string;
  start?: number | null;
  end?: number | null;
  loc?: { start: { line: number }; end: { line: number } } | null;
  [key: string]: unknown;
}

/** A TypeScript (or TSX) file's program. */
export const parseSource = (fileName: string, text: string) =>
  parse(text, {
    sourceType: 'module',
    plugins: fileName.endsWith('.tsx') ? ['typescript', 'jsx'] : ['typescript'],
  }).program;

/** Every node under `node`, depth first. */
export function* nodes(node: unknown): Generator<AstNode> {
  if (Array.isArray(node)) {
    for (const child of node) yield* nodes(child);
    return;
  }
  if (!node || typeof node !== 'object' || typeof (node as AstNode).type !== 'string') return;
  yield node as AstNode;
  for (const [key, value] of Object.entries(node)) {
    if (key !== 'loc' && key !== 'extra' && value && typeof value === 'object') yield* nodes(value);
  }
}
