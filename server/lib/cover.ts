/**
 * A cover for a post saved without one (the form's hint promises a generated image when the field
 * is empty; an imported post without one gets it too): the title in the site's type on one of the
 * site's grounds (ink, copper or teal, chosen from the title), with the first tag above it and
 * circuit traces at the edges. The title stays inside COVER_SAFE (common/cover.ts), which every
 * frame the site shows a cover in leaves whole; the traces and the mark may be cropped.
 */
import { createHash } from 'node:crypto';
import satori from 'satori';
import sharp from 'sharp';
import { COVER, COVER_SAFE } from '../../common/cover.ts';
import {
  BRASS,
  COPPER,
  DEEP_TEAL,
  type DrawNode,
  h,
  INK,
  mark,
  PAPER,
  siteFonts,
  TEAL,
} from './site-look.ts';

const GROUNDS = [
  { ground: INK, glow: 'rgba(242,165,65,0.22)', text: PAPER, accent: BRASS, trace: TEAL },
  { ground: COPPER, glow: 'rgba(250,248,244,0.16)', text: PAPER, accent: '#fde7c8', trace: BRASS },
  { ground: DEEP_TEAL, glow: 'rgba(242,165,65,0.2)', text: PAPER, accent: '#fde7c8', trace: BRASS },
] as const;

/** The room the label above the title takes (its line and the gap under it). */
const LABEL_ROOM = 64;
const LINE_HEIGHT = 1.12;
/** Sizes tried, largest first; a Space Grotesk bold letter is about 0.6 of the size wide at most. */
const SIZES = [76, 66, 58, 50, 44, 38] as const;
const SMALLEST = 38;
const LETTER = 0.6;

/** The title broken at spaces into lines of at most `width` letters (a longer word is a line of its own). */
export function wrapTitle(title: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of title.trim().split(/\s+/).filter(Boolean)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The size and lines of the title: the largest size at which it fits the safe box whole; a title
 * too long for the smallest size ends at the last whole word that fits, with an ellipsis.
 */
export function titleLayout(title: string): { size: number; lines: string[] } {
  const room = COVER_SAFE.height - LABEL_ROOM;
  const perLine = (size: number) => Math.floor(COVER_SAFE.width / (size * LETTER));
  for (const size of SIZES) {
    const lines = wrapTitle(title, perLine(size));
    const fits = lines.every((line) => line.length <= perLine(size));
    if (fits && lines.length * size * LINE_HEIGHT <= room) return { size, lines };
  }
  // The smallest size: a word longer than a line (rare) is the one thing broken, with a hyphen.
  const size = SMALLEST;
  const width = perLine(size);
  const words = title
    .trim()
    .split(/\s+/)
    .flatMap((word) =>
      word.length <= width
        ? [word]
        : (word.match(new RegExp(`.{1,${width - 1}}`, 'g')) ?? []).map((part, i, all) =>
            i < all.length - 1 ? `${part}-` : part,
          ),
    );
  const lines = wrapTitle(words.join(' '), width);
  const fits = Math.floor(room / (size * LINE_HEIGHT));
  if (lines.length <= fits) return { size, lines };
  const kept = lines.slice(0, fits);
  const last = (kept[fits - 1] ?? '').split(' ');
  if (last.length > 1) last.pop();
  kept[fits - 1] = `${last.join(' ')}…`;
  return { size, lines: kept };
}

/** Circuit traces along one edge (drawn for the left; the right is its mirror). */
function traces(color: string, mirrored: boolean): DrawNode {
  const paths = ['M0 120h120l40 40v90', 'M0 300h70l50-50h60', 'M0 470h150l30 30v130', 'M60 0v60l40 40h80'];
  const dots: Array<[number, number]> = [
    [160, 250],
    [180, 250],
    [180, 630],
    [180, 100],
  ];
  return {
    type: 'svg',
    props: {
      width: 260,
      height: COVER.height,
      viewBox: `0 0 260 ${COVER.height}`,
      style: {
        position: 'absolute',
        top: 0,
        [mirrored ? 'right' : 'left']: 0,
        opacity: 0.55,
        transform: mirrored ? 'scaleX(-1)' : 'none',
      },
      children: [
        ...paths.map((d) => ({
          type: 'path',
          props: { d, fill: 'none', stroke: color, strokeWidth: 4, strokeLinecap: 'round' },
        })),
        ...dots.map(([cx, cy]) => ({ type: 'circle', props: { cx, cy, r: 8, fill: color } })),
      ],
    },
  };
}

/** A box of the given size whose contents are centred both ways, with the rest of its style. */
const centredIn = (box: { width: number; height: number }, style: Record<string, unknown>) => ({
  width: `${box.width}px`,
  height: `${box.height}px`,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  ...style,
});

function coverTree(title: string, tags: readonly string[]): DrawNode {
  const digest = createHash('sha256').update(title).digest();
  const look = GROUNDS[(digest[0] ?? 0) % GROUNDS.length] ?? GROUNDS[0];
  const { size, lines } = titleLayout(title);
  const label = tags[0]?.trim() || 'Blog';
  return h(
    'div',
    centredIn(COVER, {
      position: 'relative',
      backgroundColor: look.ground,
      backgroundImage: `radial-gradient(circle at 50% 45%, ${look.glow}, rgba(0,0,0,0) 60%)`,
      color: look.text,
      fontFamily: 'Instrument Sans',
    }),
    traces(look.trace, false),
    traces(look.trace, true),
    h('div', { position: 'absolute', left: '36px', bottom: '32px', display: 'flex' }, mark(56)),
    h(
      'div',
      centredIn(COVER_SAFE, { flexDirection: 'column' }),
      h(
        'div',
        {
          display: 'flex',
          alignItems: 'center',
          gap: '14px',
          height: '40px',
          marginBottom: `${LABEL_ROOM - 40}px`,
          fontSize: '24px',
          fontWeight: 600,
          letterSpacing: '0.08em',
          textTransform: 'uppercase',
          color: look.accent,
        },
        h('div', { width: '36px', height: '5px', borderRadius: '3px', backgroundColor: look.accent }),
        label.length > 28 ? `${label.slice(0, 27)}…` : label,
        h('div', { width: '36px', height: '5px', borderRadius: '3px', backgroundColor: look.accent }),
      ),
      ...lines.map((line) =>
        h(
          'div',
          {
            fontFamily: 'Space Grotesk',
            fontWeight: 700,
            fontSize: `${size}px`,
            lineHeight: LINE_HEIGHT,
            letterSpacing: '-0.01em',
            textAlign: 'center',
            whiteSpace: 'nowrap',
          },
          line,
        ),
      ),
    ),
  );
}

/** The cover as SVG, the text as paths in the site's faces. */
export async function coverSvg(title: string, tags: readonly string[]): Promise<string> {
  return satori(coverTree(title, tags) as never, {
    width: COVER.width,
    height: COVER.height,
    fonts: await siteFonts(),
  });
}

export async function generateCover(title: string, tags: readonly string[]): Promise<Buffer> {
  return sharp(Buffer.from(await coverSvg(title, tags)))
    .webp({ quality: 82 })
    .toBuffer();
}
