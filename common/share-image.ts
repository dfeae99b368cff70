/**
 * Every page's share image (og:image): a 1200 x 630 PNG drawn by the server from the page's own
 * title and description (server/modules/seo/share-image.ts), at /og/<page>.png. The `v` query
 * changes with the text, so networks that keep an image fetch the new one after an edit.
 */
export const SHARE_IMAGE = { width: 1200, height: 630, type: 'image/png' } as const;

/** Bumped when the drawing changes: every page's image address changes with it. */
export const SHARE_IMAGE_DESIGN = 1;

/** A short, stable hash of a text (FNV-1a, 32 bits, base 36). */
export function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/** The file name of a page's image: '/' -> home, '/blog/my-post' -> blog/my-post. */
export function shareImageName(pagePath: string): string {
  const name = pagePath.split(/[?#]/)[0]?.replace(/^\/+|\/+$/g, '') ?? '';
  return name === '' ? 'home' : name;
}

/** The page a share image is of: home -> '/', blog/my-post -> '/blog/my-post'. */
export function pagePathOfShareImage(name: string): string {
  return name === 'home' ? '/' : `/${name}`;
}

/** The address of a page's share image, versioned by the text it shows. */
export function shareImagePath(pagePath: string, title: string, description: string): string {
  return `/og/${shareImageName(pagePath)}.png?v=${shortHash(`${SHARE_IMAGE_DESIGN}|${title}|${description}`)}`;
}
