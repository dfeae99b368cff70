/** Types of scripts/node-runtime.mjs (plain JavaScript, so that the machine's older Node runs it at install). */
export interface PinnedNode {
  name: string;
  version: string;
  integrity: string;
}
export const PINNED: Record<'linux-x64' | 'linux-arm64' | 'darwin-x64', PinnedNode>;
export const OLDEST: [number, number];
export function tooOld(version: string): boolean;
