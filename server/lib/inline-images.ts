/**
 * Which of the site's own images a page carries in its HTML (issue 65): an SVG illustration under
 * /images/ (content/images) of at most INLINE_IMAGE_MAX_BYTES, as a data: address, so the page's
 * largest paint (a post's cover, a project's picture) waits for no second request. Anything else
 * (an upload, a raster, a larger drawing, an outside address) keeps its own address, which the
 * browser caches across pages.
 */
import { readFile } from 'node:fs/promises';
import { relative, resolve, sep } from 'node:path';
import svgToTinyDataUri from 'mini-svg-data-uri';

/** Past this an illustration costs the HTML more than the round trip it saves. */
export const INLINE_IMAGE_MAX_BYTES = 4096;

const OWN_SVG = /^\/images\/[\w./-]+\.svg$/;

/**
 * `src` as the page draws it, read from `folder` (served at /images/). The files ship with the
 * code, so each is read once per process.
 */
export function imageInliner(folder: string): (src: string) => Promise<string> {
  const known = new Map<string, Promise<string>>();
  return (src) => {
    if (!OWN_SVG.test(src)) return Promise.resolve(src);
    let inline = known.get(src);
    if (!inline) {
      inline = inlined(folder, src);
      known.set(src, inline);
    }
    return inline;
  };
}

async function inlined(folder: string, src: string): Promise<string> {
  const file = resolve(folder, src.slice('/images/'.length));
  const inside = relative(folder, file);
  if (inside.startsWith(`..${sep}`) || inside === '..') return src;
  const svg = await readFile(file, 'utf8').catch(() => null);
  if (svg === null || Buffer.byteLength(svg) > INLINE_IMAGE_MAX_BYTES) return src;
  // The form for an attribute: spaces escaped as well (a URL holds none).
  return svgToTinyDataUri.toSrcset(svg.trim());
}
