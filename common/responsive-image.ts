/**
 * The smaller sizes of a raster upload (server/modules/uploads/service.ts stores them beside it):
 * an image stored as /uploads/r<name>.webp has /uploads/r<name>-480.avif, -480.webp and the same
 * for 960 and 1600 px. Other images (the built-in illustrations, uploads from before sizes were
 * made, generated covers) have none.
 */
export const RESPONSIVE_WIDTHS = [480, 960, 1600] as const;

const RESPONSIVE_UPLOAD = /^(\/uploads\/r[0-9a-f]{32})\.webp$/;

/** The `srcset` of each format for an image that has sizes, or null. */
export function responsiveSources(
  url: string,
  prefix: (path: string) => string = (path) => path,
): { avif: string; webp: string } | null {
  const base = RESPONSIVE_UPLOAD.exec(url)?.[1];
  if (!base) return null;
  const set = (format: string) =>
    RESPONSIVE_WIDTHS.map((width) => `${prefix(`${base}-${width}.${format}`)} ${width}w`).join(', ');
  return { avif: set('avif'), webp: set('webp') };
}
