/** The few HTML-tree (hast) helpers the post renderer needs: no library beyond the types it walks. */

export interface HastNode {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

export const element = (
  tagName: string,
  properties: Record<string, unknown>,
  children: HastNode[],
): HastNode => ({
  type: 'element',
  tagName,
  properties,
  children,
});

export const text = (value: string): HastNode => ({ type: 'text', value });

export const isElement = (node: HastNode | undefined, ...tagNames: string[]): node is HastNode =>
  node?.type === 'element' && (tagNames.length === 0 || tagNames.includes(node.tagName ?? ''));

export function textOf(node: HastNode): string {
  if (node.type === 'text') return node.value ?? '';
  return (node.children ?? []).map(textOf).join('');
}

/** Calls `fn` for every node, parents first; `fn` may replace `parent.children[index]`. */
export function visit(node: HastNode, fn: (node: HastNode, parent: HastNode | null, index: number) => void) {
  const walk = (current: HastNode, parent: HastNode | null, index: number) => {
    fn(current, parent, index);
    const children = current.children ?? [];
    for (let i = 0; i < children.length; i++) walk(children[i] as HastNode, current, i);
  };
  walk(node, null, 0);
}

/** The element's classes, as hast keeps them. */
export const classesOf = (node: HastNode): string[] => {
  const value = node.properties?.className;
  return Array.isArray(value) ? (value as string[]) : typeof value === 'string' ? value.split(/\s+/) : [];
};
