/**
 * The avatars of the people who reply from the fediverse (issue 47). The pages' Content-Security-
 * Policy allows no image from elsewhere, and a visitor's browser should not ask a third party, so
 * the server fetches the author's icon once (through the importer's address guard: public
 * addresses only, a size and a time limit, an image's type), makes it a 96 px square WebP and keeps
 * it in the uploads. Each icon's address is fetched once ever (app_meta `fediverse:avatar:<url>`).
 */
import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../db/client.ts';
import { appMeta } from '../../db/schema.ts';
import type { RemoteImages } from '../../lib/outbound.ts';
import type { FileStorage } from '../../lib/storage.ts';

export const AVATAR_PX = 96;
/** Larger pictures than this are not decoded (a hostile file could claim any size). */
const MAX_INPUT_PIXELS = 25_000_000;
const keyOf = (iconUrl: string) => `fediverse:avatar:${iconUrl}`;

/** The kept copy's /uploads/ address for an icon's address; an Error that says why not. */
export function avatarKeeper({
  db,
  storage,
  images,
}: {
  db: Db;
  storage: FileStorage;
  images: RemoteImages;
}) {
  const underway = new Map<string, Promise<string>>();
  const keep = async (iconUrl: string): Promise<string> => {
    const [known] = await db
      .select()
      .from(appMeta)
      .where(eq(appMeta.key, keyOf(iconUrl)));
    if (known) return known.value;
    const bytes = await images.fetch(iconUrl);
    const square = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .resize(AVATAR_PX, AVATAR_PX, { fit: 'cover' })
      .webp({ quality: 80 })
      .toBuffer();
    const address = await storage.save(square, 'webp');
    await db
      .insert(appMeta)
      .values({ key: keyOf(iconUrl), value: address })
      .onConflictDoNothing();
    return address;
  };
  // Two replies of one person at once fetch their icon once.
  return (iconUrl: string): Promise<string> => {
    let result = underway.get(iconUrl);
    if (!result) {
      result = keep(iconUrl).finally(() => underway.delete(iconUrl));
      underway.set(iconUrl, result);
    }
    return result;
  };
}

/** Where the blog's own picture is, for the fediverse (issue 64): Mastodon shows no SVG. */
export const OWN_AVATAR_PATH = '/ap/avatar.png';
export const OWN_AVATAR_PX = 400;

/** The blog's picture (an SVG, say) as a 400 px PNG square, made once on first request. */
export function ownAvatar(file: string) {
  let made: Promise<Buffer> | undefined;
  return () => {
    made ??= readFile(file)
      .then((bytes) =>
        sharp(bytes, { density: 300 })
          .resize(OWN_AVATAR_PX, OWN_AVATAR_PX, { fit: 'cover' })
          .png()
          .toBuffer(),
      )
      .catch((error) => {
        made = undefined;
        throw error;
      });
    return made;
  };
}
