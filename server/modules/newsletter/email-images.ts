/**
 * Images in emails (issue 45). A webmail page loads an email's images from its own origin, which
 * /uploads/ refuses (`Cross-Origin-Resource-Policy: same-origin`), and Outlook for Windows shows no
 * WebP. So every image of the site's uploads in an issue is rewritten to
 * `/email-images/<name>.jpg` (`.png` for an image with transparency): a JPEG or PNG made from the
 * upload, at most EMAIL_IMAGE_WIDTH * 2 pixels wide (sharp for a retina screen), served so any
 * origin may load it, and each `<img>` carries its width and height (EMAIL_IMAGE_WIDTH at most),
 * as Outlook needs to lay it out.
 */
import sharp from 'sharp';
import type { FileStorage } from '../../lib/storage.ts';

/** The width of an email's content column, in CSS pixels. */
export const EMAIL_IMAGE_WIDTH = 600;
/** The address of an email's copy of an upload. */
export const EMAIL_IMAGES_PATH = '/email-images';
/** An email image's name: the upload's stem (an image set's names its width) and the format it is sent in. */
export const EMAIL_IMAGE_NAME = /^(r?[0-9a-f]{32}(?:-w\d{1,4})?)\.(jpg|png)$/;
/** An upload an email may show: an image set's main file (`r<hex>-w<width>`) or a single image. */
const UPLOADED_IMAGE = /^(r?[0-9a-f]{32}(?:-w\d{1,4})?)\.(webp|avif|png|jpe?g|gif)$/;
/** The formats an upload of a name may have been stored in, the main file first. */
const SOURCE_EXTENSIONS = ['webp', 'png', 'jpg', 'jpeg', 'gif', 'avif'];
const IMG = /<img\b([^>]*?)\ssrc="(?:https?:\/\/[^"/]+)?\/uploads\/([^"]+)"([^>]*)>/g;
/** How many converted images a process keeps in memory (the proxy and mail clients keep them longer). */
const KEPT = 32;

export interface EmailImage {
  bytes: Buffer;
  contentType: 'image/jpeg' | 'image/png';
}

export function emailImages(storage: FileStorage) {
  const made = new Map<string, Promise<EmailImage | null>>();

  const source = async (base: string): Promise<Buffer | null> => {
    for (const extension of SOURCE_EXTENSIONS) {
      const bytes = await storage.read(`${base}.${extension}`).catch(() => null);
      if (bytes) return bytes;
    }
    return null;
  };

  const convert = async (base: string, format: 'jpg' | 'png'): Promise<EmailImage | null> => {
    const bytes = await source(base);
    if (!bytes) return null;
    const image = sharp(bytes, { animated: false }).resize({
      width: EMAIL_IMAGE_WIDTH * 2,
      withoutEnlargement: true,
    });
    return format === 'png'
      ? { bytes: await image.png({ compressionLevel: 9 }).toBuffer(), contentType: 'image/png' }
      : {
          bytes: await image
            .flatten({ background: '#ffffff' })
            .jpeg({ quality: 80, mozjpeg: true })
            .toBuffer(),
          contentType: 'image/jpeg',
        };
  };

  return {
    /**
     * The HTML with each image of the site's uploads as an email image: its address, its
     * width and height. An image that cannot be read is left as it was.
     */
    async rewrite(html: string, siteUrl: string): Promise<string> {
      const found = [...html.matchAll(IMG)];
      const replacements = await Promise.all(
        found.map(async ([tag, before = '', name = '', after = '']) => {
          const base = UPLOADED_IMAGE.exec(name)?.[1];
          const bytes = base ? await source(base) : null;
          const meta = bytes
            ? await sharp(bytes)
                .metadata()
                .catch(() => null)
            : null;
          if (!base || !meta?.width || !meta.height) return tag;
          const width = Math.min(EMAIL_IMAGE_WIDTH, meta.width);
          const height = Math.round((meta.height * width) / meta.width);
          const format = meta.hasAlpha ? 'png' : 'jpg';
          const rest = `${before}${after}`.replace(/\s(width|height)="[^"]*"/g, '').replace(/\s*\/$/, '');
          return `<img${rest} src="${siteUrl}${EMAIL_IMAGES_PATH}/${base}.${format}" width="${width}" height="${height}">`;
        }),
      );
      let index = 0;
      return html.replace(IMG, () => replacements[index++] ?? '');
    },

    /** The JPEG or PNG behind an email image's address, or null when there is no such upload. */
    image(name: string): Promise<EmailImage | null> {
      const match = EMAIL_IMAGE_NAME.exec(name);
      if (!match?.[1] || !match[2]) return Promise.resolve(null);
      let found = made.get(name);
      if (!found) {
        found = convert(match[1], match[2] as 'jpg' | 'png')
          .catch(() => null)
          .then((image) => {
            // Nothing kept for a name that has no image.
            if (!image) made.delete(name);
            return image;
          });
        made.set(name, found);
        if (made.size > KEPT) made.delete(made.keys().next().value as string);
      }
      return found;
    },
  };
}

export type EmailImages = ReturnType<typeof emailImages>;
