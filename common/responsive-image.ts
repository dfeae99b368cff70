/**
 * The sizes of a raster upload (server/modules/uploads/service.ts stores them beside it). An
 * image stored as /uploads/r<name>-w<width>.webp is <width> px wide, has an AVIF of that width
 * (-w<width>.avif), and AVIF and WebP copies at each of 480, 960 and 1600 px that is narrower
 * than it (-480.avif, -480.webp, ...): a 300 px image has none, and a srcset names only real
 * widths. One stored as /uploads/r<name>.webp (before the width was in its name) has all three
 * sizes, each at most the image's own width. Other images (the built-in illustrations, older
 * uploads, generated covers) have none.
 */
export const RESPONSIVE_WIDTHS = [480, 960, 1600] as const;

const RESPONSIVE_UPLOAD = /^(\/uploads\/r[0-9a-f]{32})(?:-w(\d{1,4}))?\.webp$/;

/** The smaller sizes made of an image this wide. */
export const widthsBelow = (width: number) => RESPONSIVE_WIDTHS.filter((size) => size < width);

/** The `srcset` of each format for an image that has sizes, or null. */
export function responsiveSources(
  url: string,
  prefix: (path: string) => string = (path) => path,
): { avif: string; webp: string } | null {
  const [, base, own] = RESPONSIVE_UPLOAD.exec(url) ?? [];
  if (!base) return null;
  const width = own ? Number(own) : null;
  const set = (format: string) =>
    [
      ...(width === null ? RESPONSIVE_WIDTHS : widthsBelow(width)).map(
        (size) => `${prefix(`${base}-${size}.${format}`)} ${size}w`,
      ),
      ...(width === null ? [] : [`${prefix(`${base}-w${width}.${format}`)} ${width}w`]),
    ].join(', ');
  return { avif: set('avif'), webp: set('webp') };
}
