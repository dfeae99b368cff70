/**
 * Share images that networks show: a 1200 x 630 PNG per page (og:image), drawn from the page's
 * own title and description in the site's look (ink, paper, the copper accent, the key-and-trace
 * mark, Space Grotesk and Instrument Sans). satori lays the card out as SVG with the text as
 * paths (no system fonts involved); sharp turns it into PNG.
 *
 * The text comes from the page itself (its og:title and og:description, read through the app
 * as a visitor would get it), so every page has an image, a page that does not exist has none,
 * and an edit changes the image. Each image is drawn once per text: kept in memory (the newest
 * MAX_IN_MEMORY) and on disk under DATA_DIR/share-images/, so a restart draws nothing again.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import satori from 'satori';
import sharp from 'sharp';
import { SHARE_IMAGE, SHARE_IMAGE_DESIGN } from '../../../common/share-image.ts';
import { BRASS, type DrawNode, h, INK, MUTED, mark, PAPER, siteFonts, TEAL } from '../../lib/site-look.ts';

const MAX_IN_MEMORY = 200;

export interface ShareCard {
  title: string;
  description: string;
  /** What the page is: 'Blog post', 'Project', or the site for the rest. */
  label: string;
  ownerName: string;
  ownerTitle: string;
  /** The site's host name, shown at the bottom. */
  host: string;
}

/** The card's width inside its 72 px margins. */
const TEXT_WIDTH = SHARE_IMAGE.width - 2 * 72;

const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;

function card({ title, description, label, ownerName, ownerTitle, host }: ShareCard): DrawNode {
  const long = title.length > 60;
  return h(
    'div',
    {
      // satori sizes boxes without their padding.
      width: `${SHARE_IMAGE.width - 2 * 72}px`,
      height: `${SHARE_IMAGE.height - 2 * 64}px`,
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: '64px 72px',
      backgroundColor: INK,
      backgroundImage: `radial-gradient(circle at 100% 0%, rgba(242,165,65,0.22), rgba(20,22,28,0) 55%)`,
      color: PAPER,
      fontFamily: 'Instrument Sans',
    },
    h(
      'div',
      { display: 'flex', alignItems: 'center', gap: '16px' },
      h('div', { width: '48px', height: '6px', backgroundColor: BRASS, borderRadius: '3px' }),
      h(
        'div',
        {
          fontSize: '26px',
          fontWeight: 600,
          color: BRASS,
          letterSpacing: '0.06em',
          textTransform: 'uppercase',
        },
        label,
      ),
    ),
    h(
      'div',
      { display: 'flex', flexDirection: 'column', gap: '24px', width: `${TEXT_WIDTH}px` },
      h(
        'div',
        {
          fontFamily: 'Space Grotesk',
          fontWeight: 700,
          fontSize: long ? '58px' : '72px',
          lineHeight: 1.08,
          letterSpacing: '-0.02em',
          display: 'block',
          width: `${TEXT_WIDTH}px`,
          lineClamp: 3,
        },
        clip(title, 110),
      ),
      description
        ? h(
            'div',
            {
              fontSize: '30px',
              lineHeight: 1.4,
              color: MUTED,
              display: 'block',
              width: `${TEXT_WIDTH}px`,
              lineClamp: 2,
            },
            clip(description, 170),
          )
        : h('div', {}),
    ),
    h(
      'div',
      { display: 'flex', alignItems: 'center', justifyContent: 'space-between', width: `${TEXT_WIDTH}px` },
      h(
        'div',
        { display: 'flex', alignItems: 'center', gap: '20px' },
        mark(64),
        h(
          'div',
          { display: 'flex', flexDirection: 'column' },
          h('div', { fontFamily: 'Space Grotesk', fontWeight: 700, fontSize: '30px' }, ownerName),
          h('div', { fontSize: '22px', color: MUTED }, ownerTitle),
        ),
      ),
      h('div', { fontSize: '24px', fontWeight: 600, color: TEAL }, host),
    ),
  );
}

/** The card as PNG bytes. */
export async function drawShareImage(input: ShareCard): Promise<Buffer> {
  const svg = await satori(card(input) as never, {
    width: SHARE_IMAGE.width,
    height: SHARE_IMAGE.height,
    fonts: await siteFonts(),
  });
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: false }).toBuffer();
}

/** Share images drawn once per text, kept in memory and on disk. */
export function shareImageStore(
  folder: string,
  draw: (input: ShareCard) => Promise<Buffer> = drawShareImage,
) {
  const memory = new Map<string, Buffer>();
  const drawing = new Map<string, Promise<Buffer>>();
  const keyOf = (input: ShareCard) =>
    createHash('sha256')
      .update(JSON.stringify([SHARE_IMAGE_DESIGN, input]))
      .digest('hex')
      .slice(0, 32);
  const remember = (key: string, png: Buffer) => {
    if (memory.size >= MAX_IN_MEMORY) memory.delete(memory.keys().next().value ?? '');
    memory.set(key, png);
  };
  let draws = 0;
  return {
    /** How many images were drawn (not found in memory or on disk): for tests. */
    get draws() {
      return draws;
    },
    async get(input: ShareCard): Promise<Buffer> {
      const key = keyOf(input);
      const kept = memory.get(key);
      if (kept) return kept;
      let pending = drawing.get(key);
      if (!pending) {
        pending = (async () => {
          const file = join(folder, `${key}.png`);
          const stored = await readFile(file).catch(() => null);
          if (stored) return stored;
          draws += 1;
          const png = await draw(input);
          await mkdir(folder, { recursive: true });
          // Written whole, then moved in place: a reader never sees half a file.
          const temporary = `${file}.${process.pid}.tmp`;
          await writeFile(temporary, png);
          await rename(temporary, file);
          return png;
        })().finally(() => drawing.delete(key));
        drawing.set(key, pending);
      }
      const png = await pending;
      remember(key, png);
      return png;
    },
  };
}

export type ShareImageStore = ReturnType<typeof shareImageStore>;
