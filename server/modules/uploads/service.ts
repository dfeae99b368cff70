import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { widthsBelow } from '../../../common/responsive-image.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { FileStorage } from '../../lib/storage.ts';

export const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);
export const VIDEO_TYPES = new Map([
  ['video/mp4', 'mp4'],
  ['video/webm', 'webm'],
]);
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_MEDIA_BYTES = 50 * 1024 * 1024;
const MAX_IMAGE_EDGE = 2400;

export type UploadField = 'image' | 'media';

export const UNSUPPORTED_IMAGE = 'Unsupported file type. Upload a JPEG, PNG, WebP, GIF or AVIF image.';
export const UNSUPPORTED_MEDIA =
  'Unsupported file type. Upload a JPEG, PNG, WebP, GIF or AVIF image, or an MP4 or WebM video.';

/**
 * Checks an upload by its bytes (never its name or declared type), re-encodes
 * images to WebP with all metadata stripped (EXIF, GPS), and stores the result
 * under a random name that carries its width, with an AVIF of it and AVIF and WebP
 * copies at each of 480, 960 and 1600 px narrower than it beside it, for `srcset`. Anything else, SVG and HTML included, is a 415.
 */
export async function storeUpload(storage: FileStorage, field: UploadField, bytes: Buffer): Promise<string> {
  const limit = field === 'image' ? MAX_IMAGE_BYTES : MAX_MEDIA_BYTES;
  if (bytes.length > limit) throw new HttpError(413, `The file is larger than ${limit / 1024 / 1024} MB.`);
  if (bytes.length === 0) throw new HttpError(400, 'The file is empty.');
  const type = await fileTypeFromBuffer(bytes);
  const unsupported = field === 'image' ? UNSUPPORTED_IMAGE : UNSUPPORTED_MEDIA;
  if (!type) throw new HttpError(415, unsupported);

  if (IMAGE_TYPES.has(type.mime)) {
    const animated = type.mime === 'image/gif';
    let files: Array<{ suffix: string; bytes: Buffer }>;
    try {
      const webp = await sharp(bytes, { animated, limitInputPixels: 40_000_000 })
        .rotate()
        .resize({ width: MAX_IMAGE_EDGE, height: MAX_IMAGE_EDGE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer();
      // An animation keeps its one WebP (AVIF sizes would freeze it on its first frame).
      if (animated) return storage.save(webp, 'webp');
      // Its own width is in its name, and only the sizes narrower than it are made: a srcset
      // then names real widths, and a small image is not stored again at sizes it does not have.
      const { width: own = 0 } = await sharp(webp).metadata();
      files = [
        { suffix: `-w${own}.webp`, bytes: webp },
        { suffix: `-w${own}.avif`, bytes: await sharp(webp).avif({ quality: 55, effort: 2 }).toBuffer() },
      ];
      for (const width of widthsBelow(own)) {
        const sized = sharp(webp).resize({ width });
        files.push(
          {
            suffix: `-${width}.avif`,
            bytes: await sized.clone().avif({ quality: 55, effort: 2 }).toBuffer(),
          },
          { suffix: `-${width}.webp`, bytes: await sized.clone().webp({ quality: 80 }).toBuffer() },
        );
      }
    } catch {
      throw new HttpError(415, 'The image could not be read. It may be damaged.');
    }
    const [url] = await storage.saveSet(files);
    return url as string;
  }
  const videoExtension = VIDEO_TYPES.get(type.mime);
  if (field === 'media' && videoExtension) return storage.save(bytes, videoExtension);
  throw new HttpError(415, unsupported);
}
