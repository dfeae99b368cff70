/**
 * The site's look for the images the server draws (share images, generated post covers): the
 * palette of web/app.css, the key-and-trace mark of web/public/favicon.svg, and the two faces as
 * satori needs them (Space Grotesk for titles, Instrument Sans for the rest), so every drawing
 * sets its text as paths in the site's own type, with no system font involved.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { shareImageFontsFolder } from '../paths.ts';

export const INK = '#14161c';
export const PAPER = '#faf8f4';
export const COPPER = '#a8480d';
export const BRASS = '#f2a541';
export const TEAL = '#2dd4bf';
export const DEEP_TEAL = '#0f766e';
export const MUTED = '#b8bcc6';

/** A node of the element tree satori lays out. */
export type DrawNode = {
  type: string;
  props: { style?: Record<string, unknown>; children?: unknown; [key: string]: unknown };
};

/** A box with a style and children, as satori reads it. */
export const h = (type: string, style: Record<string, unknown>, ...children: unknown[]): DrawNode => ({
  type,
  props: { style, children: children.length === 1 ? children[0] : children },
});

/** The site's mark: a key drawn as a circuit trace (web/public/favicon.svg). */
export const mark = (size: number) => ({
  type: 'svg',
  props: {
    width: size,
    height: size,
    viewBox: '0 0 64 64',
    children: [
      { type: 'rect', props: { width: 64, height: 64, rx: 14, fill: '#1e232c' } },
      { type: 'circle', props: { cx: 22, cy: 32, r: 10, fill: 'none', stroke: BRASS, strokeWidth: 5 } },
      {
        type: 'path',
        props: {
          d: 'M32 32h22M46 32v8M52 32v6',
          fill: 'none',
          stroke: BRASS,
          strokeWidth: 5,
          strokeLinecap: 'round',
        },
      },
      { type: 'circle', props: { cx: 22, cy: 32, r: 3, fill: TEAL } },
    ],
  },
});

type SiteFont = { name: string; data: Buffer; weight: 400 | 600 | 700; style: 'normal' };
let fonts: Promise<SiteFont[]> | null = null;

/** The faces, read once per process. */
export function siteFonts(): Promise<SiteFont[]> {
  fonts ??= Promise.all(
    (
      [
        ['Space Grotesk', 'space-grotesk-latin-700-normal.woff', 700],
        ['Instrument Sans', 'instrument-sans-latin-400-normal.woff', 400],
        ['Instrument Sans', 'instrument-sans-latin-600-normal.woff', 600],
      ] as const
    ).map(async ([name, file, weight]) => ({
      name,
      data: await readFile(join(shareImageFontsFolder, file)),
      weight,
      style: 'normal' as const,
    })),
  );
  return fonts;
}
