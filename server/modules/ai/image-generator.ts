/**
 * The built-in image generator: no model, no network. It reads the prompt for
 * colours ("teal", "gold"), moods ("dark", "calm", "neon") and subjects (code,
 * cars, keys, circuits, city, charts, networks, mountains, waves, sun) and
 * composes a picture from them: a background gradient in the prompt's palette,
 * soft light, the first subject named as the focal element on a third of the
 * frame and the others behind it. Drawn as SVG and rendered to PNG by sharp at
 * the requested size. A prompt always gives the same picture; 'hd' adds detail.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { ImageRequest } from '../../../common/schemas/ai.ts';
import { DRAWERS, f } from './image-drawers.ts';
import { hsl, mix, type Palette, type Rng, seededRng } from './image-palette.ts';

const COLOURS: Record<string, string> = {
  red: '#dc2626',
  crimson: '#be123c',
  orange: '#ea580c',
  amber: '#f59e0b',
  gold: '#eab308',
  golden: '#eab308',
  yellow: '#facc15',
  green: '#16a34a',
  emerald: '#059669',
  lime: '#84cc16',
  teal: '#0d9488',
  cyan: '#06b6d4',
  turquoise: '#14b8a6',
  blue: '#2563eb',
  navy: '#1e3a8a',
  indigo: '#4f46e5',
  purple: '#7c3aed',
  violet: '#8b5cf6',
  magenta: '#c026d3',
  pink: '#db2777',
  black: '#111827',
  white: '#f8fafc',
  grey: '#94a3b8',
  gray: '#94a3b8',
  silver: '#cbd5e1',
  brown: '#92400e',
  copper: '#b45309',
};

type Mood = 'dark' | 'light' | 'calm' | 'vivid' | 'warm' | 'cool';
const MOODS: Record<string, Mood> = {
  dark: 'dark',
  night: 'dark',
  midnight: 'dark',
  moody: 'dark',
  noir: 'dark',
  mysterious: 'dark',
  bright: 'light',
  light: 'light',
  sunny: 'light',
  cheerful: 'light',
  happy: 'light',
  airy: 'light',
  calm: 'calm',
  serene: 'calm',
  peaceful: 'calm',
  minimal: 'calm',
  minimalist: 'calm',
  clean: 'calm',
  soft: 'calm',
  neon: 'vivid',
  vibrant: 'vivid',
  bold: 'vivid',
  energetic: 'vivid',
  futuristic: 'vivid',
  cyberpunk: 'vivid',
  electric: 'vivid',
  warm: 'warm',
  cozy: 'warm',
  sunset: 'warm',
  autumn: 'warm',
  cool: 'cool',
  icy: 'cool',
  winter: 'cool',
  ocean: 'cool',
};

export type Subject =
  | 'code'
  | 'car'
  | 'key'
  | 'circuit'
  | 'city'
  | 'chart'
  | 'network'
  | 'mountain'
  | 'wave'
  | 'sun';

const SUBJECTS: Record<string, Subject> = {
  code: 'code',
  coding: 'code',
  programming: 'code',
  developer: 'code',
  software: 'code',
  javascript: 'code',
  typescript: 'code',
  terminal: 'code',
  react: 'code',
  web: 'code',
  car: 'car',
  cars: 'car',
  automotive: 'car',
  vehicle: 'car',
  vehicles: 'car',
  truck: 'car',
  garage: 'car',
  key: 'key',
  keys: 'key',
  locksmith: 'key',
  lock: 'key',
  locks: 'key',
  keycode: 'key',
  security: 'key',
  circuit: 'circuit',
  circuits: 'circuit',
  electronic: 'circuit',
  electronics: 'circuit',
  chip: 'circuit',
  pcb: 'circuit',
  hardware: 'circuit',
  repair: 'circuit',
  motherboard: 'circuit',
  city: 'city',
  skyline: 'city',
  atlanta: 'city',
  buildings: 'city',
  urban: 'city',
  downtown: 'city',
  chart: 'chart',
  charts: 'chart',
  data: 'chart',
  analytics: 'chart',
  graph: 'chart',
  growth: 'chart',
  business: 'chart',
  inventory: 'chart',
  network: 'network',
  networks: 'network',
  cloud: 'network',
  connection: 'network',
  connections: 'network',
  api: 'network',
  server: 'network',
  nodes: 'network',
  mountain: 'mountain',
  mountains: 'mountain',
  landscape: 'mountain',
  hills: 'mountain',
  wave: 'wave',
  waves: 'wave',
  sea: 'wave',
  water: 'wave',
  ocean: 'wave',
  sun: 'sun',
  sunrise: 'sun',
  sunset: 'sun',
  moon: 'sun',
};

export interface PromptReading {
  colours: string[];
  moods: Mood[];
  subjects: Subject[];
}

/** What the generator takes from a prompt: its colours, moods and subjects, in the order named. */
export function readPrompt(prompt: string): PromptReading {
  const colours: string[] = [];
  const moods: Mood[] = [];
  const subjects: Subject[] = [];
  for (const word of prompt.toLowerCase().split(/[^a-z]+/)) {
    const colour = COLOURS[word];
    const mood = MOODS[word];
    const subject = SUBJECTS[word];
    if (colour && !colours.includes(colour)) colours.push(colour);
    if (mood && !moods.includes(mood)) moods.push(mood);
    if (subject && !subjects.includes(subject)) subjects.push(subject);
  }
  return { colours, moods, subjects };
}

// --- Colour helpers ----------------------------------------------------------------

function choosePalette(reading: PromptReading, rng: Rng): Palette {
  const { moods } = reading;
  const hue = moods.includes('warm')
    ? 10 + rng() * 35
    : moods.includes('cool')
      ? 180 + rng() * 50
      : rng() * 360;
  const vivid = moods.includes('vivid');
  const calm = moods.includes('calm');
  const saturation = vivid ? 0.9 : calm ? 0.35 : 0.65;
  const accent = reading.colours[0] ?? hsl(hue, saturation, vivid ? 0.58 : 0.52);
  const second = reading.colours[1] ?? hsl((hue + 140 + rng() * 80) % 360, saturation, 0.55);
  const light = moods.includes('light') && !moods.includes('dark');
  const dark = moods.includes('dark') || vivid;
  const base = light ? '#f8fafc' : dark ? '#070b16' : '#111827';
  const backgroundFrom = mix(base, accent, light ? 0.18 : dark ? 0.12 : 0.3);
  const backgroundTo = mix(base, second, light ? 0.3 : dark ? 0.22 : 0.45);
  return {
    backgroundFrom,
    backgroundTo,
    accent,
    second,
    ink: light ? '#0f172a' : '#f8fafc',
    glow: mix(accent, '#ffffff', light ? 0.1 : 0.35),
  };
}

// --- Subjects ------------------------------------------------------------------------

// Scenery belongs to the ground or the sky whatever the composition.
const GROUNDED: ReadonlySet<Subject> = new Set(['city', 'mountain', 'wave']);

function parseSize(size: ImageRequest['size']): { width: number; height: number } {
  const [width, height] = size.split('x').map(Number) as [number, number];
  return { width, height };
}

/** The picture for a prompt as SVG; the same prompt, size and quality always give the same SVG. */
export function imageSvg({ prompt, size, quality }: ImageRequest): string {
  const { width, height } = parseSize(size);
  const normalized = prompt.trim().toLowerCase().replace(/\s+/g, ' ');
  const digest = createHash('sha256').update(normalized).digest();
  const rng = seededRng(digest.readUInt32LE(0));
  const reading = readPrompt(normalized);
  const palette = choosePalette(reading, rng);
  const detailed = quality === 'hd';
  const short = Math.min(width, height);

  const angle = Math.round(rng() * 360);
  const defs = `<defs><linearGradient id="bg" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${palette.backgroundFrom}"/><stop offset="1" stop-color="${palette.backgroundTo}"/></linearGradient><radialGradient id="halo"><stop offset="0" stop-color="${palette.glow}" stop-opacity="0.55"/><stop offset="1" stop-color="${palette.glow}" stop-opacity="0"/></radialGradient><radialGradient id="light2"><stop offset="0" stop-color="${palette.second}" stop-opacity="0.45"/><stop offset="1" stop-color="${palette.second}" stop-opacity="0"/></radialGradient></defs>`;
  let scene = `<rect width="${width}" height="${height}" fill="url(#bg)"/>`;

  // Soft light behind the composition.
  const lights = detailed ? 4 : 2;
  for (let i = 0; i < lights; i++) {
    scene += `<circle cx="${f(rng() * width)}" cy="${f(rng() * height)}" r="${f(short * (0.3 + rng() * 0.4))}" fill="url(#${i % 2 ? 'light2' : 'halo'})"/>`;
  }
  if (detailed) {
    // Fine dust for texture.
    for (let i = 0; i < 120; i++) {
      scene += `<circle cx="${f(rng() * width)}" cy="${f(rng() * height)}" r="${f(1 + rng() * 2.5)}" fill="${palette.ink}" opacity="${f(0.08 + rng() * 0.25)}"/>`;
    }
  }

  // The first subject named is the focal element, on a vertical third; up to two more stand behind it.
  const subjects: Array<Subject | 'abstract'> =
    reading.subjects.length > 0 ? reading.subjects.slice(0, 3) : ['abstract'];
  const thirds = [1 / 3, 1 / 2, 2 / 3];
  const focalX = (thirds[Math.floor(rng() * 3)] ?? 0.5) * width;
  const layers: string[] = [];
  subjects.forEach((subject, i) => {
    const focal = i === 0;
    const grounded = subject !== 'abstract' && GROUNDED.has(subject);
    const stage = {
      // Secondary elements stand on the opposite third (either side of a centred focus), higher up.
      x: focal
        ? focalX
        : (focalX === width / 2 ? (i === 1 ? 0.2 : 0.8) * width : width - focalX) +
          (rng() - 0.5) * width * 0.08,
      y: grounded ? height * 0.66 : focal ? height * 0.52 : height * (0.2 + rng() * 0.12),
      size: short * (focal ? 0.42 : 0.26),
      palette,
      rng,
      detailed,
      opacity: focal ? 1 : 0.45,
      width,
      height,
    };
    const drawn = DRAWERS[subject](stage);
    // Scenery is drawn first so the focal element stands in front of it.
    if (focal) layers.push(drawn);
    else layers.unshift(drawn);
  });
  scene += layers.join('');

  // A vignette to settle the edges.
  scene += `<rect width="${width}" height="${height}" fill="url(#vignette)"/>`;
  const vignette = `<radialGradient id="vignette" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></radialGradient>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${defs.replace('</defs>', `${vignette}</defs>`)}${scene}</svg>`;
}

/** Renders the prompt's picture to PNG bytes of the requested size. */
export async function generateLocalImage(request: ImageRequest): Promise<Buffer> {
  return (
    sharp(Buffer.from(imageSvg(request)))
      // Level 6: rendering takes ~0.3 s at 1792x1024; level 9 or a palette would add over a second.
      .png({ compressionLevel: 6 })
      .toBuffer()
  );
}
