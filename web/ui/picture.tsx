import type { ImgHTMLAttributes } from 'react';
import { responsiveSources } from '../../common/responsive-image.ts';
import { withBase } from '../lib/base.ts';

/**
 * An image that, when it is an upload stored with smaller sizes, lets the browser pick the size
 * and format (AVIF, else WebP) for its frame: `sizes` says how wide the frame is. Anything else
 * (illustrations, older uploads, outside addresses) is a plain <img>. The <picture> takes no box
 * of its own (display: contents), so the image sits in the layout exactly as a bare <img> would.
 */
export function Picture({
  src,
  sizes,
  alt = '',
  ...image
}: Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet'> & { src: string; sizes: string }) {
  const sources = responsiveSources(src, withBase);
  const img = <img src={withBase(src)} alt={alt} {...image} />;
  if (!sources) return img;
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={sources.avif} sizes={sizes} />
      <source type="image/webp" srcSet={sources.webp} sizes={sizes} />
      {img}
    </picture>
  );
}
