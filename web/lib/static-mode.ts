/**
 * Static-hosting mode (spec sections 1 and 7): on a host whose name contains a
 * static-hosting marker there is no server, so API reads come from browser
 * storage or from JSON files exported next to the pages. The marker list can be
 * set at build time with VITE_STATIC_HOST_MARKERS (comma-separated).
 */
import { DEFAULT_STATIC_HOST_MARKERS } from '../../common/constants.ts';
import { staticFilePath } from '../../common/static-files.ts';
import { staticEmptyDefault } from './api.ts';
import { withBase } from './base.ts';

const configured: string | undefined = import.meta.env?.VITE_STATIC_HOST_MARKERS;

export const staticHostMarkers: readonly string[] = configured
  ? configured
      .split(',')
      .map((marker) => marker.trim().toLowerCase())
      .filter(Boolean)
  : DEFAULT_STATIC_HOST_MARKERS;

export function isStaticHost(hostname: string | undefined = globalThis.location?.hostname): boolean {
  if (!hostname) return false;
  const host = hostname.toLowerCase();
  return staticHostMarkers.some((marker) => host.includes(marker));
}

/** What browser storage keeps for a static read, parsed; undefined when nothing (or nothing readable). */
export function storedRead(path: string): unknown {
  try {
    const stored = globalThis.localStorage?.getItem(staticStorageKey(path));
    if (stored) return JSON.parse(stored);
  } catch {
    // Unreadable storage: the caller falls back to the exported file.
  }
  return undefined;
}

/** Browser storage key of a static read: 'api_' plus the last path segment. */
export function staticStorageKey(path: string): string {
  const segments = (path.split('?')[0] ?? '').split('/').filter(Boolean);
  return `api_${segments.at(-1) ?? ''}`;
}

/** A GET of the API on a static host: browser storage, then the exported file, then the empty default. */
export async function staticRead(path: string): Promise<unknown> {
  const stored = storedRead(path);
  if (stored !== undefined) return stored;
  try {
    const response = await fetch(withBase(staticFilePath(path)), { credentials: 'include' });
    if (response.ok) return await response.json();
  } catch {
    // Network failure: the empty default below.
  }
  return staticEmptyDefault(path);
}
